-- The listing's sorts read in index order. ORDER BY x DESC means DESC NULLS FIRST, and the DESC
-- indexes of 0000 were built DESC NULLS LAST, which PostgreSQL cannot use for that order (not even
-- on NOT NULL columns): newest, top_rated and the related products sorted every matching row.
-- They are rebuilt as plain DESC, and the sorts without a department (price, top rated) get their
-- own. products_department_rating_idx stays as it was: the search's popular products read it.
DROP INDEX "products_department_created_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "reviews_product_idx";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("min_discounted_price","id");--> statement-breakpoint
CREATE INDEX "products_department_top_rated_idx" ON "products" USING btree ("department_id","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_top_rated_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_department_created_idx" ON "products" USING btree ("department_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS FIRST);