CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_identity_hash_unique" ON "mfa_recovery_codes" USING btree ("identity_id","code_hash");