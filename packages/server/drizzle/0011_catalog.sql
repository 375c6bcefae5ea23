CREATE TABLE "catalog_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"visible" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_collections" (
	"product_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	CONSTRAINT "catalog_product_collections_product_id_collection_id_pk" PRIMARY KEY("product_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL,
	"slug" text NOT NULL,
	"description" jsonb,
	"search_text" text NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_type" text NOT NULL,
	"currency" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"compare_at_minor" bigint,
	"sku" text,
	"weight_value" double precision,
	"weight_unit" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"track_quantity" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"subscription_options" jsonb,
	"deposit_minor" bigint,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"choices" jsonb NOT NULL,
	"choices_key" text NOT NULL,
	"price_minor" bigint,
	"sku" text,
	"weight_value" double precision,
	"weight_unit" text,
	"track_quantity" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_product_collections" ADD CONSTRAINT "catalog_product_collections_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_collections" ADD CONSTRAINT "catalog_product_collections_collection_id_catalog_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."catalog_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variants" ADD CONSTRAINT "catalog_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_collections_slug_unique" ON "catalog_collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalog_product_collections_collection_idx" ON "catalog_product_collections" USING btree ("collection_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_slug_unique" ON "catalog_products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalog_products_name_idx" ON "catalog_products" USING btree ("visible","name_lower","id");--> statement-breakpoint
CREATE INDEX "catalog_products_price_idx" ON "catalog_products" USING btree ("visible","price_minor","id");--> statement-breakpoint
CREATE INDEX "catalog_products_created_idx" ON "catalog_products" USING btree ("visible","created_date","id");--> statement-breakpoint
CREATE INDEX "catalog_products_type_idx" ON "catalog_products" USING btree ("product_type","visible");--> statement-breakpoint
CREATE INDEX "catalog_products_stock_idx" ON "catalog_products" USING btree ("in_stock","visible");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_variants_choices_unique" ON "catalog_variants" USING btree ("product_id","choices_key");