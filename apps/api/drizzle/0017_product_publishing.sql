ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_option" text DEFAULT 'size' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Products that were hidden become drafts; every product keeps its creation time as its publish and edit time.
UPDATE "products" SET "status" = CASE WHEN "published" THEN 'active' ELSE 'draft' END, "publish_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "swatch" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "barcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_scheduled_idx" ON "products" USING btree ("publish_at") WHERE "products"."status" = 'active' and not "products"."published";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_option" CHECK ("products"."variant_option" in ('size', 'shade', 'colour'));