-- Search always asks within one department of published products. With the department in the same
-- GIN index as the words (btree_gin), the index yields only that department's matches: the planner
-- no longer ANDs the words' bitmap with a bitmap of the whole department (55,000 entries read for
-- every search in a 100,000-product catalog), and a windowed read (the search box's suggestions)
-- stops after its first matches without that cost.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_vector_idx";
--> statement-breakpoint
CREATE INDEX "products_department_search_idx" ON "products" USING gin ("department_id", "search_vector") WITH (fastupdate = off) WHERE "published";
