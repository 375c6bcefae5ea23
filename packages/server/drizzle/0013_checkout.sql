CREATE TABLE "checkout_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"coupon_code" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid,
	"template_id" uuid,
	"member_id" uuid,
	"visitor_id" text,
	"channel_type" text NOT NULL,
	"lines" jsonb NOT NULL,
	"info" jsonb NOT NULL,
	"coupon_code" text,
	"gift_card_code" text,
	"override_checkout_url" text,
	"completed" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_templates_status_idx" ON "checkout_templates" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "checkouts_cart_idx" ON "checkouts" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "checkouts_member_idx" ON "checkouts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "checkouts_visitor_idx" ON "checkouts" USING btree ("visitor_id");