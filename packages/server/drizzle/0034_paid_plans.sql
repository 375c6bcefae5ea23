CREATE TABLE "plan_access" (
	"plan_id" uuid NOT NULL,
	"product_id" uuid,
	"collection_id" uuid
);
--> statement-breakpoint
CREATE TABLE "plan_benefits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collection_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whole_order" boolean DEFAULT false NOT NULL,
	"credits" integer,
	"credit_period" jsonb,
	"percent_off" integer,
	"amount_off_minor" bigint,
	"delivery_option_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_credit_balances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"membership_id" uuid NOT NULL,
	"benefit_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"quota" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_credit_uses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"membership_id" uuid NOT NULL,
	"balance_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_item_id" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_memberships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"plan_name" text NOT NULL,
	"origin_order_id" uuid,
	"origin_line_item_id" text,
	"subscription_contract_id" uuid,
	"granted_by" text,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"canceled_date" timestamp with time zone,
	"end_reason" text,
	"ended_date" timestamp with time zone,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"recurrence" jsonb,
	"validity" jsonb,
	"buyer_limit" integer,
	"buyers" integer DEFAULT 0 NOT NULL,
	"visibility" text NOT NULL,
	"status" text NOT NULL,
	"paid_offline" boolean DEFAULT false NOT NULL,
	"tax_credited_lines" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_access" ADD CONSTRAINT "plan_access_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_benefits" ADD CONSTRAINT "plan_benefits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_balances" ADD CONSTRAINT "plan_credit_balances_membership_id_plan_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."plan_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_uses" ADD CONSTRAINT "plan_credit_uses_membership_id_plan_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."plan_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_access_product_idx" ON "plan_access" USING btree ("product_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_access_collection_idx" ON "plan_access" USING btree ("collection_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_benefits_plan_idx" ON "plan_benefits" USING btree ("plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_balances_period_idx" ON "plan_credit_balances" USING btree ("membership_id","benefit_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_uses_line_idx" ON "plan_credit_uses" USING btree ("order_id","line_item_id");--> statement-breakpoint
CREATE INDEX "plan_credit_uses_membership_idx" ON "plan_credit_uses" USING btree ("membership_id","created_date");--> statement-breakpoint
CREATE INDEX "plan_memberships_member_idx" ON "plan_memberships" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "plan_memberships_plan_idx" ON "plan_memberships" USING btree ("plan_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_memberships_origin_idx" ON "plan_memberships" USING btree ("origin_order_id","origin_line_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_slug_idx" ON "plans" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "plans_list_idx" ON "plans" USING btree ("created_date","id");