CREATE TABLE "abandoned_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"cart_id" uuid,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"member_id" uuid,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"item_count" integer NOT NULL,
	"item_names" jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkout_updated_date" timestamp with time zone NOT NULL,
	"recovered_date" timestamp with time zone,
	"order_id" uuid,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	CONSTRAINT "abandoned_checkouts_checkout_id_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_list_idx" ON "abandoned_checkouts" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "checkouts_open_idx" ON "checkouts" USING btree ("updated_date") WHERE "checkouts"."completed" = false;