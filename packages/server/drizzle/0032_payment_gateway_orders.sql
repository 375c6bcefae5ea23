CREATE TABLE "payment_gateway_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"delayed_capture" boolean DEFAULT false NOT NULL,
	"delayed_capture_settings" jsonb,
	"charged_by" jsonb,
	"expires_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_gateway_orders_order_idx" ON "payment_gateway_orders" USING btree ("order_id","expires_date");