CREATE TABLE "tax_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_regions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"subdivision" text DEFAULT '' NOT NULL,
	"jurisdictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	"tax_fees" boolean DEFAULT false NOT NULL,
	"calculation_override" text,
	"fallback_rate" text DEFAULT '0' NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"tax_included_in_prices" boolean DEFAULT false NOT NULL,
	"calculation_mode" text DEFAULT 'MANUAL' NOT NULL,
	"taxable_address_type" text DEFAULT 'SHIPPING' NOT NULL,
	"business_address" jsonb,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"currency" text NOT NULL,
	"initial_balance" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"expiration_date" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"order_id" text,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "tip_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_regions_place_idx" ON "tax_regions" USING btree ("country","subdivision");--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_card_idx" ON "gift_card_redemptions" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "gift_cards_last4_idx" ON "gift_cards" USING btree ("last4");