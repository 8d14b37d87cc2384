-- Search always asks within one department of published products. With the department in the same
-- GIN index as the words (btree_gin), the index yields only that department's matches: the planner
-- no longer ANDs the words' bitmap with a bitmap of the whole department (55,000 entries read for
-- every search in a 100,000-product catalog), and a windowed read (the search box's suggestions)
-- stops after its first matches without that cost.
-- The new index is built before the old one is dropped, last: DROP INDEX locks the products table
-- against reads until the release step commits, and if a long query holds the table the step gives
-- up after lock_timeout rather than queueing every storefront read behind it.
SET LOCAL lock_timeout = '10s';
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "products_department_search_idx" ON "products" USING gin ("department_id", "search_vector") WITH (fastupdate = off) WHERE "published";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_vector_idx";
