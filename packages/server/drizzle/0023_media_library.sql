CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"media_type" text NOT NULL,
	"size_in_bytes" bigint DEFAULT 0 NOT NULL,
	"hash" text,
	"private" boolean DEFAULT false NOT NULL,
	"parent_folder_id" text NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_info" jsonb,
	"source_url" text,
	"operation_status" text NOT NULL,
	"failure_reason" text,
	"state" text DEFAULT 'OK' NOT NULL,
	"facts" jsonb DEFAULT '{"assets":[]}'::jsonb NOT NULL,
	"uploader_type" text NOT NULL,
	"uploader_id" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', regexp_replace(display_name || ' ' || labels::text, '[^[:alnum:]]+', ' ', 'g'))) STORED,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	"last_used_date" timestamp with time zone,
	"trashed_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"parent_folder_id" text NOT NULL,
	"state" text DEFAULT 'OK' NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	"trashed_date" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "media_files_folder_idx" ON "media_files" USING btree ("state","parent_folder_id","created_date","id");--> statement-breakpoint
CREATE INDEX "media_files_created_idx" ON "media_files" USING btree ("state","created_date","id");--> statement-breakpoint
CREATE INDEX "media_files_search_idx" ON "media_files" USING gin ("search");--> statement-breakpoint
CREATE INDEX "media_files_uploader_idx" ON "media_files" USING btree ("uploader_id","created_date");--> statement-breakpoint
CREATE INDEX "media_files_trashed_idx" ON "media_files" USING btree ("trashed_date");--> statement-breakpoint
CREATE INDEX "media_folders_parent_idx" ON "media_folders" USING btree ("parent_folder_id","state","display_name");