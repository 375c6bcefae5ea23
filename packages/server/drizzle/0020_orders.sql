CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"captured_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"provider_transaction_id" text,
	"card" jsonb,
	"gift_card_id" uuid,
	"delayed_capture" boolean DEFAULT false NOT NULL,
	"captures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decline_reason" text,
	"authorized_date" timestamp with time zone,
	"voided_date" timestamp with time zone,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payments" jsonb NOT NULL,
	"reason" text,
	"restocked" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"checkout_id" uuid,
	"cart_id" uuid,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"fulfillment_status" text DEFAULT 'NOT_FULFILLED' NOT NULL,
	"member_id" uuid,
	"visitor_id" text,
	"buyer_email" text,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"channel" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_taken" boolean DEFAULT false NOT NULL,
	"purchased_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_checkout_id_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_date","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_date","id");--> statement-breakpoint
CREATE INDEX "orders_fulfillment_idx" ON "orders" USING btree ("fulfillment_status","created_date","id");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("buyer_email"));--> statement-breakpoint
CREATE INDEX "orders_tags_idx" ON "orders" USING gin ("tags");