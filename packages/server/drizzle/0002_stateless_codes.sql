ALTER TABLE "authorization_codes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "authorization_codes" CASCADE;--> statement-breakpoint
DROP INDEX "refresh_tokens_code_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "auth_code_hash" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_auth_code_hash_unique" UNIQUE("auth_code_hash");