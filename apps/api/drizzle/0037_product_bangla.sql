ALTER TABLE "products" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "body_html_bn" text;--> statement-breakpoint
-- The Bangla name joins the search document (issue 21): a Bangla query finds a product by the name
-- staff wrote in Bangla as well as through its Latin reading. It is read with the name, as one text
-- at weight A: the English configuration leaves Bangla words as they are, and a product without a
-- Bangla name keeps exactly the document it had.
CREATE OR REPLACE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_names text;
BEGIN
  SELECT b.name INTO brand_name FROM brands b WHERE b.id = NEW.brand_id;
  SELECT concat_ws(' ', c.name, parent.name) INTO category_names
    FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE c.id = NEW.category_id;
  NEW.search_text := concat_ws(' ', NEW.name, NEW.name_bn, brand_name, array_to_string(NEW.tags, ' '), category_names);
  NEW.search_vector :=
    setweight(to_tsvector('english', concat_ws(' ', NEW.name, NEW.name_bn)), 'A')
    || setweight(to_tsvector('english', coalesce(brand_name, '')), 'B')
    || setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'C')
    || setweight(to_tsvector('english', coalesce(category_names, '')), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_document ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_document BEFORE INSERT OR UPDATE OF name, name_bn, tags, brand_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_document();
