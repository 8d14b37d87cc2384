CREATE TABLE "product_facet_counts" (
	"department_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_facet_counts_key" UNIQUE NULLS NOT DISTINCT("department_id","brand_id","category_id","in_stock","on_sale")
);
--> statement-breakpoint
-- The counts follow every write to products, in the writer's transaction, by statement (a bulk
-- import is one upsert per group, not one per product). An update counts only the rows whose
-- group changed (published, department, brand, category, in stock, on sale): an order's stock
-- update changes none unless a product sells out, and then writes one group. Groups are written in
-- key order, so concurrent writers lock them in the same order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION product_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_facet_counts AS f (department_id, brand_id, category_id, in_stock, on_sale, n)
      SELECT department_id, brand_id, category_id, in_stock, sale OR max_discount_value > 0, count(*)
      FROM new_rows WHERE published
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (department_id, brand_id, category_id, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_facet_counts AS f (department_id, brand_id, category_id, in_stock, on_sale, n)
      SELECT department_id, brand_id, category_id, in_stock, sale OR max_discount_value > 0, -count(*)
      FROM old_rows WHERE published
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (department_id, brand_id, category_id, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSE
    INSERT INTO product_facet_counts AS f (department_id, brand_id, category_id, in_stock, on_sale, n)
      SELECT d, b, c, s, o, sum(k) FROM (
        SELECT g.*
        FROM old_rows a JOIN new_rows w ON w.id = a.id
        CROSS JOIN LATERAL (VALUES
          (a.published, a.department_id, a.brand_id, a.category_id, a.in_stock, a.sale OR a.max_discount_value > 0, -1),
          (w.published, w.department_id, w.brand_id, w.category_id, w.in_stock, w.sale OR w.max_discount_value > 0, 1)
        ) AS g (counted, d, b, c, s, o, k)
        WHERE (a.published, a.department_id, a.brand_id, a.category_id, a.in_stock, a.sale OR a.max_discount_value > 0)
          IS DISTINCT FROM (w.published, w.department_id, w.brand_id, w.category_id, w.in_stock, w.sale OR w.max_discount_value > 0)
      ) moved
      WHERE counted
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (department_id, brand_id, category_id, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_facet_counts_apply();
--> statement-breakpoint
INSERT INTO product_facet_counts (department_id, brand_id, category_id, in_stock, on_sale, n)
  SELECT department_id, brand_id, category_id, in_stock, sale OR max_discount_value > 0, count(*)
  FROM products WHERE published GROUP BY 1, 2, 3, 4, 5;
