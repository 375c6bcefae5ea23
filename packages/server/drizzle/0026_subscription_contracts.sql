CREATE TABLE "subscription_contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"origin_order_id" uuid NOT NULL,
	"member_id" uuid,
	"visitor_id" text,
	"buyer_email" text,
	"line_item" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer NOT NULL,
	"billing_cycles" integer,
	"start_date" timestamp with time zone NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"channel" text NOT NULL,
	"cycles_completed" integer NOT NULL,
	"next_billing_date" timestamp with time zone,
	"payment_method" jsonb NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failure" jsonb,
	"renewal_order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"canceled_date" timestamp with time zone,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscription_contracts_list_idx" ON "subscription_contracts" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "subscription_contracts_member_idx" ON "subscription_contracts" USING btree ("member_id","created_date");