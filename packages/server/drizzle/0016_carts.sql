CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"member_id" uuid,
	"visitor_id" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_code" text,
	"merchant_discounts" jsonb,
	"contact_info" jsonb,
	"buyer_note" text,
	"business_location_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carts_owner_unique" ON "carts" USING btree ("owner_key");