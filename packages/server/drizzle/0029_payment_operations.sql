CREATE TABLE "payment_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"refund_id" uuid,
	"notify_buyer" boolean DEFAULT false NOT NULL,
	"failure" text,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_operations_payment_idx" ON "payment_operations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_operations_order_idx" ON "payment_operations" USING btree ("order_id");