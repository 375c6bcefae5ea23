CREATE TABLE "service_plugin_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"implementation_id" uuid NOT NULL,
	"method" text NOT NULL,
	"called_date" timestamp with time zone NOT NULL,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"status_code" integer,
	"error" text,
	"test" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plugin_implementations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"timeout_ms" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plugin_implementations_type_unique" UNIQUE("type")
);
--> statement-breakpoint
ALTER TABLE "service_plugin_calls" ADD CONSTRAINT "service_plugin_calls_implementation_id_service_plugin_implementations_id_fk" FOREIGN KEY ("implementation_id") REFERENCES "public"."service_plugin_implementations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_plugin_calls_implementation_idx" ON "service_plugin_calls" USING btree ("implementation_id","called_date");