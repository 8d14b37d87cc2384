import { z } from 'zod';
// First, so zod is set up for the browser (no compiled parsers) before this module builds a schema.
import './input.js';

/*
 * Products in bulk (issue 17 item 2): the CSV the back office exports and imports. One row per
 * variant; the product's columns may be given on its first row only. Money is in taka here (what a
 * spreadsheet user types), poisha in the rest of the API.
 */

export const PRODUCT_CSV_COLUMNS = [
  'handle',
  'name',
  'brand',
  'department',
  'category',
  'tags',
  'status',
  'publish_at',
  'sale',
  'option',
  'title_tag',
  'description_tag',
  'body_html',
  'sku',
  'variant_title',
  'swatch',
  'price',
  'discount',
  'barcode',
  'stock',
  'images',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * Columns an import must have; the others may be left out of the file. A row without a SKU changes its
 * product only (`handle,status` archives a list of products).
 */
export const PRODUCT_CSV_REQUIRED: readonly ProductCsvColumn[] = ['handle'];

export const INVENTORY_CSV_COLUMNS = ['sku', 'product', 'handle', 'variant_title', 'stock', 'price', 'discount'] as const;

/** The largest file an import takes, and the most rows. */
export const PRODUCT_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 50_000;
/** The most row errors an answer lists (the count says how many there were). */
export const PRODUCT_CSV_MAX_ERRORS = 200;

export const csvMessages = {
  empty: 'The file has no rows',
  notCsv: 'The file could not be read as CSV',
  tooBig: 'The file is larger than 20 MB',
  tooManyRows: `The file has more than ${PRODUCT_CSV_MAX_ROWS.toLocaleString('en-US')} rows: split it`,
  missingColumn: (column: string) => `The file has no "${column}" column`,
  unknownColumn: (column: string) => `Unknown column "${column}"`,
  required: 'Required',
  requiredForNew: 'Required for a new product',
  requiredForNewVariant: 'Required for a new variant',
  differs: (line: number) => `Differs from line ${line} for the same product`,
  skuRepeated: (line: number) => `This SKU is also on line ${line}`,
  skuElsewhere: (handle: string) => `This SKU belongs to another product (${handle})`,
  brandUnknown: 'No brand has this handle',
  categoryUnknown: 'No category of the product’s department has this handle',
  department: 'Use beauty, toys, home or sport',
  yesNo: 'Use yes or no',
  number: 'Must be a number',
  refused: 'Nothing was imported: fix the rows below and try again',
} as const;

export const CsvRowErrorSchema = z.object({
  /** The line of the file (1 is the header). */
  line: z.number(),
  column: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof CsvRowErrorSchema>;

export const ProductImportResultSchema = z.object({
  /** True when the file was only checked. */
  dry_run: z.boolean(),
  /** False when any row is wrong: then nothing was written. */
  ok: z.boolean(),
  rows: z.number(),
  products_created: z.number(),
  products_updated: z.number(),
  variants_created: z.number(),
  variants_updated: z.number(),
  error_count: z.number(),
  errors: z.array(CsvRowErrorSchema),
});
export type ProductImportResult = z.infer<typeof ProductImportResultSchema>;
