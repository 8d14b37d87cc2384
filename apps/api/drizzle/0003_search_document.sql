-- The search document of a product, kept by triggers so every insert or update (the seed, the
-- back office, a renamed brand or category) keeps it right. Drizzle does not model these columns:
-- only the search module reads them.
-- search_text: name, brand, tags and category names, for substring matching on a trigram index.
-- search_vector: the same words weighted A name, B brand, C tags, D category, for ranked full-text search.
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_names text;
BEGIN
  SELECT b.name INTO brand_name FROM brands b WHERE b.id = NEW.brand_id;
  SELECT concat_ws(' ', c.name, parent.name) INTO category_names
    FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE c.id = NEW.category_id;
  NEW.search_text := concat_ws(' ', NEW.name, brand_name, array_to_string(NEW.tags, ' '), category_names);
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(brand_name, '')), 'B')
    || setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'C')
    || setweight(to_tsvector('english', coalesce(category_names, '')), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_document BEFORE INSERT OR UPDATE OF name, tags, brand_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_document();
--> statement-breakpoint
-- The dictionary of catalog words for spelling correction, filled per statement so a bulk insert
-- costs one pass. Words with punctuation (anti-aging, 50.5ml) are left out (their parts are in it),
-- and so are bare numbers: a misspelt number is not corrected to another.
CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(to_tsvector('simple', new_rows.search_text))) AS w
      WHERE char_length(w) BETWEEN 2 AND 40 AND w !~ '[[:punct:][:space:]]' AND w !~ '^[0-9]+$'
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w
      FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id AND old_rows.search_text IS DISTINCT FROM new_rows.search_text,
           unnest(tsvector_to_array(to_tsvector('simple', new_rows.search_text))) AS w
      WHERE char_length(w) BETWEEN 2 AND 40 AND w !~ '[[:punct:][:space:]]' AND w !~ '^[0-9]+$'
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
-- A renamed brand or category rewrites the documents of its products (touching a column the
-- products trigger watches is enough).
CREATE OR REPLACE FUNCTION brands_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET brand_id = brand_id WHERE brand_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_document AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION brands_search_document();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_id = category_id
    WHERE category_id = NEW.id OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_document AFTER UPDATE OF name, parent_id ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION categories_search_document();
--> statement-breakpoint
-- Backfill products that exist already (fires the triggers above).
UPDATE products SET name = name;
--> statement-breakpoint
-- fastupdate off: the catalog is written rarely and searched constantly, and a pending list left by
-- a bulk insert would be scanned by every search until the next vacuum.
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
