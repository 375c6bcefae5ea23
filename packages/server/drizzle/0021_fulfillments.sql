CREATE TABLE "order_fulfillments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"tracking_info" jsonb,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_fulfillments_order_idx" ON "order_fulfillments" USING btree ("order_id");