DROP INDEX IF EXISTS "orders_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_name_prefix_idx" ON "orders" USING btree (lower("contact_name") text_pattern_ops,"id");