CREATE TABLE "stripe_account" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"publishable_key" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"webhook_secret_hint" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text,
	"capture_method" text NOT NULL,
	"connected_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" integer NOT NULL,
	"received_date" timestamp with time zone NOT NULL,
	"handled_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"order_number" integer NOT NULL,
	"manual_capture" boolean NOT NULL,
	"live_mode" boolean NOT NULL,
	"save_card" boolean NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"refusal" text,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "live_mode" boolean;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "dispute" jsonb;--> statement-breakpoint
CREATE INDEX "stripe_sessions_checkout_idx" ON "stripe_sessions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "stripe_sessions_payment_idx" ON "stripe_sessions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "order_payments_provider_tx_idx" ON "order_payments" USING btree ("provider_transaction_id");