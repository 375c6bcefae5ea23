CREATE TABLE "media_enterprise_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_category_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_enterprise_items" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"assets" jsonb NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_enterprise_items" ADD CONSTRAINT "media_enterprise_items_category_id_media_enterprise_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."media_enterprise_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_enterprise_categories_parent_idx" ON "media_enterprise_categories" USING btree ("parent_category_id","sort_order");--> statement-breakpoint
CREATE INDEX "media_enterprise_items_category_idx" ON "media_enterprise_items" USING btree ("category_id","sort_order","id");