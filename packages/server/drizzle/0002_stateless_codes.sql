ALTER TABLE "authorization_codes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- plaza:contract authorization codes became self-contained (MAC'd) in this same release: nothing reads the table
DROP TABLE "authorization_codes" CASCADE;--> statement-breakpoint
-- plaza:contract the index of refresh_tokens.auth_code_id, which 0003 drops: the code hash replaces it
DROP INDEX "refresh_tokens_code_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "auth_code_hash" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_auth_code_hash_unique" UNIQUE("auth_code_hash");