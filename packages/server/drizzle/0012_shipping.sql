CREATE TABLE "additional_fee_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"surcharge_type" text NOT NULL,
	"amount_minor" bigint,
	"percentage" double precision,
	"charge_basis" text NOT NULL,
	"catalog_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pickup_method" text NOT NULL,
	"address" jsonb NOT NULL,
	"business_hours" text,
	"instructions" text,
	"fee_minor" bigint,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"region_id" uuid NOT NULL,
	"title" text NOT NULL,
	"estimated_delivery_time" text,
	"rates" jsonb NOT NULL,
	"free_shipping_over_minor" bigint,
	"delivery_time_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_provider_configuration" (
	"id" integer PRIMARY KEY NOT NULL,
	"ship_from_address" jsonb,
	"domestic_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"international_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_delivery" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_regions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"destination_scope" text NOT NULL,
	"destinations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_lower" text NOT NULL,
	"app_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"item_details" jsonb NOT NULL,
	"item_url" text,
	"status" text NOT NULL,
	"auto_notified" boolean,
	"failure_message" text,
	"requester" text NOT NULL,
	"job_id" uuid,
	"mail_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_options" ADD CONSTRAINT "shipping_options_region_id_shipping_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."shipping_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_options_region_idx" ON "shipping_options" USING btree ("region_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_unique" ON "back_in_stock_requests" USING btree ("email_lower","product_id","variant_id") WHERE status IN ('RECEIVED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "back_in_stock_item_idx" ON "back_in_stock_requests" USING btree ("product_id","variant_id","status");--> statement-breakpoint
CREATE INDEX "back_in_stock_created_idx" ON "back_in_stock_requests" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "back_in_stock_status_idx" ON "back_in_stock_requests" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "back_in_stock_email_idx" ON "back_in_stock_requests" USING btree ("email_lower","created_date");--> statement-breakpoint
CREATE INDEX "back_in_stock_job_idx" ON "back_in_stock_requests" USING btree ("job_id","status");