-- Search always reads one department's published products: by words (search_vector), else by a
-- substring of the search text (trigrams). With the department as a key of one GIN index
-- (0031, btree_gin), every search intersected its words with the department's posting list, a list
-- of every product in it: about 1.2 ms at 100,000 products for a word that rules everything out,
-- nothing at 1,000, so the cost of every search grew with the catalog. The substring fallback was
-- worse: on the trigram index of the whole table the planner ANDed the term's trigrams (26,000
-- entries for '%care%') with a bitmap of the department (15,000), 12 ms.
--
-- Instead each department has its own two partial indexes, words and trigrams, holding only its
-- published products: a search reads the entries of its words in its department and nothing else
-- (0.04 ms for 'nike' in beauty at 100,000 products). Every product is in one department, so a
-- write still updates one index of each kind, as before. The search's statements bind the
-- department's id as a parameter; PostgreSQL plans each such statement with its values, which is
-- what lets it choose a partial index by its predicate.
--
-- Departments are rows the seed (or the shop) writes after the migrations, so their indexes are
-- made by a trigger as each department is added, and here for those that exist. The trigram index
-- on the whole table stays for the back office's product search, which looks across departments.
SET LOCAL lock_timeout = '10s';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_search_indexes(department integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS %I ON products USING gin (search_vector) WITH (fastupdate = off) WHERE published AND department_id = %s',
    'products_search_words_d' || department, department);
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS %I ON products USING gin (search_text gin_trgm_ops) WITH (fastupdate = off) WHERE published AND department_id = %s',
    'products_search_text_d' || department, department);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION departments_search_indexes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM department_search_indexes(NEW.id);
  ELSE
    EXECUTE format('DROP INDEX IF EXISTS %I', 'products_search_words_d' || OLD.id);
    EXECUTE format('DROP INDEX IF EXISTS %I', 'products_search_text_d' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER departments_search_indexes AFTER INSERT OR DELETE ON departments
  FOR EACH ROW EXECUTE FUNCTION departments_search_indexes();
--> statement-breakpoint
SELECT department_search_indexes(id) FROM departments;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_department_search_idx";
