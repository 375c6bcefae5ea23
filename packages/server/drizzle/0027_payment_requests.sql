CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"paid_date" timestamp with time zone,
	"payment_id" uuid,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_requests_order_idx" ON "payment_requests" USING btree ("order_id");