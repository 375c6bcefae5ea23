ALTER TABLE "idp_connections" ADD COLUMN "last_checked_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idp_connections" ADD COLUMN "last_check_error" text;