-- A term whose words find nothing is tried as a substring of the search text ('stick' in 'lipstick'),
-- always within one department of published products. On the trigram index alone, the planner ANDed
-- the term's trigrams (26,000 entries for '%care%' at 100,000 products) with a bitmap of the whole
-- department (15,000), 12 ms; or, under the search box's LIMIT, chose to read the table from the
-- start, 280 ms when the department had no match. With the department in the same GIN index
-- (btree_gin, as products_department_search_idx does for the words), the index yields only the
-- department's matches: 3 ms for that term. The trigram index on the whole table stays for the back
-- office's product search, which looks across departments.
SET LOCAL lock_timeout = '10s';
--> statement-breakpoint
CREATE INDEX "products_department_substring_idx" ON "products" USING gin ("department_id", "search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE "published";
