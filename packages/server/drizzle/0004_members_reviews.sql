CREATE TABLE "member_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reported_member_id" uuid NOT NULL,
	"reporter_member_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"action" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text NOT NULL,
	"link" text NOT NULL,
	"contact_name" text,
	"contact_email" text NOT NULL,
	"channel" text DEFAULT 'EMAIL' NOT NULL,
	"send_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"failure_reason" text,
	"failure_message" text,
	"sent_date" timestamp with time zone,
	"job_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_summaries" (
	"namespace" text NOT NULL,
	"entity_id" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"one_star" integer DEFAULT 0 NOT NULL,
	"two_stars" integer DEFAULT 0 NOT NULL,
	"three_stars" integer DEFAULT 0 NOT NULL,
	"four_stars" integer DEFAULT 0 NOT NULL,
	"five_stars" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_summaries_namespace_entity_id_pk" PRIMARY KEY("namespace","entity_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"entity_id" text NOT NULL,
	"author_type" text NOT NULL,
	"author_member_id" uuid,
	"author_key" text NOT NULL,
	"author_name" text,
	"author_email" text,
	"origin_type" text DEFAULT 'ORGANIC' NOT NULL,
	"source_type" text DEFAULT 'WEBSITE' NOT NULL,
	"title" text,
	"body" text,
	"rating" smallint NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moderation_status" text NOT NULL,
	"relevance_score" double precision NOT NULL,
	"reply_message" text,
	"reply_created_date" timestamp with time zone,
	"reply_updated_date" timestamp with time zone,
	"review_request_id" uuid,
	"review_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_date" timestamp with time zone,
	"finished_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "community_policy" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "login_email" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "contact" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "profile_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("members"."first_name", '') || ' ' || coalesce("members"."last_name", '') || ' ' || coalesce("members"."nickname", '') || ' ' || coalesce("members"."login_email", ''))) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_report_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reported_member_id_members_id_fk" FOREIGN KEY ("reported_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reports" ADD CONSTRAINT "member_reports_reporter_member_id_members_id_fk" FOREIGN KEY ("reporter_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_member_id_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_reports_status_idx" ON "member_reports" USING btree ("status","created_date");--> statement-breakpoint
CREATE INDEX "member_reports_reported_idx" ON "member_reports" USING btree ("reported_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_reports_open_unique" ON "member_reports" USING btree ("reporter_member_id","reported_member_id") WHERE "member_reports"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "review_requests_status_idx" ON "review_requests" USING btree ("status","send_date");--> statement-breakpoint
CREATE INDEX "review_requests_entity_idx" ON "review_requests" USING btree ("namespace","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_author_entity_unique" ON "reviews" USING btree ("namespace","entity_id","author_key");--> statement-breakpoint
CREATE INDEX "reviews_entity_relevance_idx" ON "reviews" USING btree ("namespace","entity_id","moderation_status","relevance_score","id");--> statement-breakpoint
CREATE INDEX "reviews_entity_date_idx" ON "reviews" USING btree ("namespace","entity_id","moderation_status","review_date","id");--> statement-breakpoint
CREATE INDEX "reviews_entity_rating_idx" ON "reviews" USING btree ("namespace","entity_id","moderation_status","rating","id");--> statement-breakpoint
CREATE INDEX "reviews_moderation_idx" ON "reviews" USING btree ("moderation_status","created_date","id");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_member_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "members_status_nickname_idx" ON "members" USING btree ("status","nickname","id");--> statement-breakpoint
CREATE INDEX "members_status_last_name_idx" ON "members" USING btree ("status","last_name","id");--> statement-breakpoint
CREATE INDEX "members_status_first_name_idx" ON "members" USING btree ("status","first_name","id");--> statement-breakpoint
CREATE INDEX "members_status_created_idx" ON "members" USING btree ("status","created_date","id");--> statement-breakpoint
CREATE INDEX "members_public_nickname_idx" ON "members" USING btree ("privacy_status","status","nickname","id");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_date","id");--> statement-breakpoint
CREATE INDEX "members_nickname_idx" ON "members" USING btree ("nickname","id");--> statement-breakpoint
CREATE INDEX "members_last_login_idx" ON "members" USING btree ("last_login_date");--> statement-breakpoint
CREATE INDEX "members_role_idx" ON "members" USING btree ("role");--> statement-breakpoint
CREATE INDEX "members_activity_idx" ON "members" USING btree ("activity_status");--> statement-breakpoint
CREATE UNIQUE INDEX "members_login_email_idx" ON "members" USING btree ("login_email");--> statement-breakpoint
-- Backfill: members created before this migration get the login e-mail, names and photo of their identity.
UPDATE "members" AS m SET "login_email" = i."email", "first_name" = nullif(i."profile"->>'firstName', ''), "last_name" = nullif(i."profile"->>'lastName', ''), "photo_url" = i."profile"->>'picture' FROM "identities" AS i WHERE i."id" = m."id";
