DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_updated_idx";--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id","brand_id","department_id","status","published","in_stock");--> statement-breakpoint
CREATE INDEX "products_status_updated_idx" ON "products" USING btree ("status","published","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_sold_out_idx" ON "products" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_handle_pattern_idx" ON "products" USING btree ("handle" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "variants_sku_upper_idx" ON "variants" USING btree (upper("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","department_id","status","published","in_stock");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("min_discounted_price","id","brand_id","department_id","status","published","in_stock");--> statement-breakpoint
CREATE INDEX "products_updated_idx" ON "products" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"brand_id","department_id","status","published","in_stock");