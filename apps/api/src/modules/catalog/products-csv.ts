import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AdminProductInputSchema,
  AdminProductPatchSchema,
  AdminVariantInputSchema,
  type AdminProductValues,
  type ProductStatus,
  type VariantOption,
} from '@store/shared/admin-catalog';
import {
  INVENTORY_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_ERRORS,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_CSV_REQUIRED,
  csvMessages,
  type CsvRowError,
  type ProductCsvColumn,
  type ProductImportResult,
} from '@store/shared/admin-catalog-csv';
import type { Metafield } from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { takeTurns } from '../../lib/take-turns.js';
import { recordAudit } from '../staff/index.js';
import { refreshProductAggregates } from './catalog.service.js';
import { recordAdjustment } from './inventory-admin.js';
import { refreshRuleCollections } from './membership.js';
import { brands, categories, departments, products, variants } from './catalog.tables.js';

/*
 * Products in bulk (issue 17 item 2). An import is checked whole before anything is written: every
 * row goes through the same schemas as the editor, and one wrong row refuses the file (its line and
 * column named), so a file is imported entirely or not at all. A product is found by its handle, a
 * variant by its SKU; a new one is created, a known one updated with the cells that are not empty.
 * Variants a file leaves out are kept (the editor removes variants). Pictures are uploaded in the
 * editor: the `images` column is exported for reference and ignored on import.
 */

type Row = { line: number; cells: Partial<Record<ProductCsvColumn, string>> };

/** The department words of the file: the beauty department's key is the empty string. */
const DEPARTMENT_WORDS: Record<string, DepartmentKey> = { beauty: '', toys: 'toys', home: 'home', sport: 'sport' };
const departmentWord = (key: DepartmentKey) => (key === '' ? 'beauty' : key);

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Product fields → the column that holds them; variant fields likewise. */
const PRODUCT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  handle: 'handle',
  name: 'name',
  body_html: 'body_html',
  brand_id: 'brand',
  department: 'department',
  category_id: 'category',
  tags: 'tags',
  title_tag: 'title_tag',
  description_tag: 'description_tag',
  sale: 'sale',
  status: 'status',
  publish_at: 'publish_at',
  option: 'option',
};
const VARIANT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  sku: 'sku',
  title: 'variant_title',
  swatch: 'swatch',
  price: 'price',
  discount: 'discount',
  barcode: 'barcode',
  stock: 'stock',
};
const PRODUCT_COLUMNS: ProductCsvColumn[] = [...new Set(Object.values(PRODUCT_FIELD_COLUMN))];
const VARIANT_COLUMNS: ProductCsvColumn[] = Object.values(VARIANT_FIELD_COLUMN);

class Problems {
  readonly list: CsvRowError[] = [];
  add(line: number, column: string, message: string) {
    this.list.push({ line, column, message });
  }
  /** A schema's issues on one row, each under the column its field comes from. */
  addIssues(error: z.ZodError, lineOf: (path: PropertyKey[]) => number, columnOf: (path: PropertyKey[]) => string) {
    for (const issue of error.issues) this.add(lineOf(issue.path), columnOf(issue.path), issue.message);
  }
}

/** How much of the file is parsed before the event loop gets a turn (about 1,000 rows). */
const PARSE_SLICE_BYTES = 64 * 1024;

async function parseRecords(csv: Buffer): Promise<{ record: string[]; info: { lines: number } }[]> {
  // With `info`, each record comes with where it ended in the file (its line).
  const parser = parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 1_000_000 });
  const records: { record: string[]; info: { lines: number } }[] = [];
  parser.on('readable', () => {
    for (let r = parser.read() as (typeof records)[number] | null; r !== null; r = parser.read() as (typeof records)[number] | null) {
      records.push(r);
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  ended.catch(() => undefined); // awaited below; a refusal mid-file must not go unhandled meanwhile

  // Fed a slice per turn, so a large file never holds the event loop for long.
  for (let at = 0; at < csv.length && !parser.destroyed; at += PARSE_SLICE_BYTES) {
    parser.write(csv.subarray(at, at + PARSE_SLICE_BYTES));
    await nextTurn();
  }
  if (!parser.destroyed) parser.end();
  await ended;
  return records;
}

async function readRows(csv: Buffer, problems: Problems): Promise<Row[]> {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = await parseRecords(csv);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    problems.add((error as CsvError & { lines?: number }).lines ?? 1, '', `${csvMessages.notCsv}: ${error.message}`);
    return [];
  }
  if (records.length < 2) {
    problems.add(1, '', csvMessages.empty);
    return [];
  }
  const header = records[0]!.record.map((h) => h.trim().toLowerCase());
  header.forEach((h) => {
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(h)) problems.add(1, h, csvMessages.unknownColumn(h));
  });
  for (const column of PRODUCT_CSV_REQUIRED) if (!header.includes(column)) problems.add(1, column, csvMessages.missingColumn(column));
  if (records.length - 1 > PRODUCT_CSV_MAX_ROWS) problems.add(1, '', csvMessages.tooManyRows);
  if (problems.list.length) return [];
  return records.slice(1).map(({ record, info }) => {
    const cells: Row['cells'] = {};
    header.forEach((column, i) => {
      const value = record[i]?.trim() ?? '';
      if (value !== '') cells[column as ProductCsvColumn] = value;
    });
    return { line: info.lines, cells };
  });
}

/**
 * Reads `values` a thousand at a time: under PostgreSQL's parameter limit, and each query small
 * enough to build and read back without holding the event loop.
 */
async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>, size = 1_000): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += size) out.push(...(await read(values.slice(i, i + size))));
  return out;
}

type Existing = {
  brands: Map<string, { id: number; departmentId: number }>;
  categories: Map<string, { id: number; departmentId: number }>;
  departments: Map<DepartmentKey, number>;
  products: Map<string, { id: number; departmentId: number }>;
  /** By SKU in capitals. */
  variants: Map<
    string,
    {
      id: number;
      productId: number;
      handle: string;
      sku: string;
      title: string;
      swatch: string | null;
      price: number;
      discount: number;
      barcode: string;
      stock: number;
    }
  >;
};

async function loadExisting(ctx: DbCtx, rows: Row[]): Promise<Existing> {
  const handles = [
    ...new Set(
      rows
        .map((r) => r.cells.handle)
        .filter((h): h is string => !!h)
        .map((h) => h.toLowerCase()),
    ),
  ];
  const skus = [...new Set(rows.map((r) => r.cells.sku?.toUpperCase()).filter((s): s is string => !!s))];
  const [brandRows, categoryRows, departmentRows, productRows, variantRows] = await Promise.all([
    ctx.db.select({ id: brands.id, handle: brands.handle, departmentId: brands.departmentId }).from(brands),
    ctx.db.select({ id: categories.id, handle: categories.handle, departmentId: categories.departmentId }).from(categories),
    ctx.db.select({ id: departments.id, key: departments.key }).from(departments),
    inChunks(handles, (chunk) =>
      ctx.db
        .select({ id: products.id, handle: products.handle, departmentId: products.departmentId })
        .from(products)
        .where(inArray(products.handle, chunk)),
    ),
    inChunks(skus, (chunk) =>
      ctx.db
        .select({
          id: variants.id,
          productId: variants.productId,
          handle: products.handle,
          sku: variants.sku,
          title: variants.title,
          swatch: variants.swatch,
          price: variants.price,
          discount: variants.discount,
          barcode: variants.barcode,
          stock: variants.stock,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(sql`upper(${variants.sku})`, chunk)),
    ),
  ]);
  return {
    brands: new Map(brandRows.map((b) => [b.handle, b])),
    categories: new Map(categoryRows.map((c) => [c.handle, c])),
    departments: new Map(departmentRows.map((d) => [d.key as DepartmentKey, d.id])),
    products: new Map(productRows.map((p) => [p.handle, p])),
    variants: new Map(variantRows.map((v) => [v.sku.toUpperCase(), v])),
  };
}

/** A cell as the schema's type: numbers and yes/no read here, so a wrong one is named by its column. */
function number(value: string | undefined, scale = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/,/g, ''));
  return Number.isFinite(n) && value.trim() !== '' ? Math.round(n * scale) : Number.NaN;
}
function yesNo(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (YES.has(value.toLowerCase())) return true;
  if (NO.has(value.toLowerCase())) return false;
  return undefined;
}

type PlannedVariant = { line: number; existingId: number | null; input: AdminProductValues['variants'][number]; stockGiven: boolean };
type PlannedProduct = {
  line: number;
  handle: string;
  existingId: number | null;
  /** For a new product: every field; for a known one: the fields the file gives. */
  fields: Partial<Omit<AdminProductValues, 'variants' | 'images' | 'collection_ids'>>;
  departmentId: number;
  variants: PlannedVariant[];
};

/** Checks the file against the shop; the plan is only good when `problems` stays empty. */
async function plan(rows: Row[], existing: Existing, problems: Problems): Promise<PlannedProduct[]> {
  const turn = takeTurns(100);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (!row.cells.handle) {
      problems.add(row.line, 'handle', csvMessages.required);
      continue;
    }
    const key = row.cells.handle.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const skuLines = new Map<string, number>();
  const planned: PlannedProduct[] = [];
  for (const [handle, group] of groups) {
    await turn();
    // The product's columns: the first row that gives each, and no later row may say otherwise.
    const given: Partial<Record<ProductCsvColumn, { value: string; line: number }>> = {};
    for (const row of group) {
      for (const column of PRODUCT_COLUMNS) {
        const value = row.cells[column];
        if (value === undefined || column === 'handle') continue;
        const first = given[column];
        if (!first) given[column] = { value, line: row.line };
        else if (first.value !== value) problems.add(row.line, column, csvMessages.differs(first.line));
      }
    }
    const known = existing.products.get(handle) ?? null;
    const lineOfColumn = (column: ProductCsvColumn) => given[column]?.line ?? group[0]!.line;
    const brand = given.brand ? existing.brands.get(given.brand.value.toLowerCase()) : undefined;
    if (given.brand && !brand) problems.add(given.brand.line, 'brand', csvMessages.brandUnknown);
    let department: DepartmentKey | undefined;
    if (given.department) {
      department = DEPARTMENT_WORDS[given.department.value.toLowerCase()];
      if (department === undefined) problems.add(given.department.line, 'department', csvMessages.department);
    }
    const departmentId =
      (department !== undefined ? existing.departments.get(department) : undefined) ?? known?.departmentId ?? brand?.departmentId ?? 0;
    const departmentKey = [...existing.departments].find(([, id]) => id === departmentId)?.[0] ?? '';
    let categoryId: number | null | undefined;
    if (given.category) {
      const category = existing.categories.get(given.category.value.toLowerCase());
      if (!category || category.departmentId !== departmentId) problems.add(given.category.line, 'category', csvMessages.categoryUnknown);
      else categoryId = category.id;
    }
    const sale = yesNo(given.sale?.value);
    if (given.sale && sale === undefined) problems.add(given.sale.line, 'sale', csvMessages.yesNo);

    const fields = {
      handle,
      name: given.name?.value,
      body_html: given.body_html?.value,
      brand_id: brand?.id,
      department: department ?? (known ? undefined : departmentKey),
      category_id: categoryId ?? (known ? undefined : null),
      tags: given.tags?.value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      title_tag: given.title_tag?.value,
      description_tag: given.description_tag?.value,
      sale,
      status: given.status?.value.toLowerCase() as ProductStatus | undefined,
      publish_at: given.publish_at?.value,
      option: given.option?.value.toLowerCase() as VariantOption | undefined,
    };

    const variantsPlanned: PlannedVariant[] = [];
    for (const row of group) {
      const sku = row.cells.sku;
      if (!sku) {
        // A row without a SKU changes its product only; one that gives a variant's cells needs the SKU.
        if (VARIANT_COLUMNS.some((column) => row.cells[column] !== undefined)) problems.add(row.line, 'sku', csvMessages.required);
        continue;
      }
      const key = sku.toUpperCase();
      const seenAt = skuLines.get(key);
      if (seenAt !== undefined) {
        problems.add(row.line, 'sku', csvMessages.skuRepeated(seenAt));
        continue;
      }
      skuLines.set(key, row.line);
      const stored = existing.variants.get(key);
      if (stored && stored.handle !== handle) {
        problems.add(row.line, 'sku', csvMessages.skuElsewhere(stored.handle));
        continue;
      }
      const price = number(row.cells.price, 100);
      const discount = number(row.cells.discount);
      const stock = number(row.cells.stock);
      if (!stored) {
        if (row.cells.variant_title === undefined) problems.add(row.line, 'variant_title', csvMessages.requiredForNewVariant);
        if (price === undefined) problems.add(row.line, 'price', csvMessages.requiredForNewVariant);
      }
      const input = {
        sku: stored && stored.sku.toUpperCase() === key ? stored.sku : sku,
        title: row.cells.variant_title ?? stored?.title ?? '',
        swatch: row.cells.swatch ?? stored?.swatch ?? null,
        price: price ?? stored?.price ?? 0,
        discount: discount ?? stored?.discount ?? 0,
        barcode: row.cells.barcode ?? stored?.barcode ?? '',
        stock: stock ?? stored?.stock ?? 0,
      };
      const parsed = AdminVariantInputSchema.safeParse(input);
      if (!parsed.success) {
        problems.addIssues(
          parsed.error,
          () => row.line,
          (path) => VARIANT_FIELD_COLUMN[String(path[0])] ?? String(path[0]),
        );
        continue;
      }
      variantsPlanned.push({ line: row.line, existingId: stored?.id ?? null, input: parsed.data, stockGiven: stock !== undefined });
    }

    if (!known) {
      if (!given.name) problems.add(group[0]!.line, 'name', csvMessages.requiredForNew);
      if (!given.brand) problems.add(group[0]!.line, 'brand', csvMessages.requiredForNew);
      const parsed = AdminProductInputSchema.safeParse({
        ...fields,
        name: fields.name ?? '',
        body_html: fields.body_html ?? '',
        brand_id: fields.brand_id ?? 1,
        tags: fields.tags ?? [],
        title_tag: fields.title_tag ?? '',
        description_tag: fields.description_tag ?? '',
        sale: fields.sale ?? false,
        status: fields.status ?? 'draft',
        publish_at: fields.publish_at ?? null,
        option: fields.option ?? 'size',
        show_max_discount_on_detail_page: true,
        show_max_discount_on_homepage: true,
        collection_ids: [],
        images: [],
        variants: variantsPlanned.map((v) => v.input),
      });
      if (!parsed.success) {
        problems.addIssues(
          parsed.error,
          (path) =>
            path[0] === 'variants' && typeof path[1] === 'number'
              ? (variantsPlanned[path[1]]?.line ?? group[0]!.line)
              : lineOfColumn(PRODUCT_FIELD_COLUMN[String(path[0])] ?? 'handle'),
          (path) =>
            path[0] === 'variants'
              ? (VARIANT_FIELD_COLUMN[String(path[2])] ?? 'sku')
              : (PRODUCT_FIELD_COLUMN[String(path[0])] ?? String(path[0])),
        );
        continue;
      }
      const { variants: parsedVariants, images: _images, collection_ids: _collections, ...productFields } = parsed.data;
      planned.push({
        line: group[0]!.line,
        handle,
        existingId: null,
        fields: productFields,
        departmentId,
        variants: variantsPlanned.map((v, i) => ({ ...v, input: parsedVariants[i]! })),
      });
    } else {
      const patch = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && key !== 'handle'));
      let productFields: PlannedProduct['fields'] = {};
      if (Object.keys(patch).length) {
        const parsed = AdminProductPatchSchema.safeParse(patch);
        if (!parsed.success) {
          problems.addIssues(
            parsed.error,
            (path) => lineOfColumn(PRODUCT_FIELD_COLUMN[String(path[0])] ?? 'handle'),
            (path) => PRODUCT_FIELD_COLUMN[String(path[0])] ?? String(path[0]),
          );
          continue;
        }
        const { updated_at: _loaded, variants: _v, images: _i, collection_ids: _c, ...rest } = parsed.data;
        productFields = rest;
      }
      planned.push({ line: group[0]!.line, handle, existingId: known.id, fields: productFields, departmentId, variants: variantsPlanned });
    }
  }
  return planned;
}

const searchTexts = (titleTag: string | undefined, descriptionTag: string | undefined): Metafield[] => [
  ...(titleTag ? [{ key: 'title_tag', value: titleTag }] : []),
  ...(descriptionTag ? [{ key: 'description_tag', value: descriptionTag }] : []),
];

const WRITE_PRODUCTS_PER_STATEMENT = 100;
const WRITE_VARIANTS_PER_STATEMENT = 250;

/** Writes a checked plan in the caller's transaction; returns the ids of every product touched. */
async function write(ctx: RequestCtx, staffName: string, planned: PlannedProduct[]): Promise<number[]> {
  const now = ctx.clock.now();
  const created = planned.filter((p) => p.existingId === null);
  const ids = new Map<string, number>();
  // Written a hundred products (then 250 variants) per statement: each statement is built, sent and
  // read back in a few milliseconds, so the storefront's requests go on between them.
  for (let i = 0; i < created.length; i += WRITE_PRODUCTS_PER_STATEMENT) {
    const rows = await ctx.db
      .insert(products)
      .values(
        created.slice(i, i + WRITE_PRODUCTS_PER_STATEMENT).map(({ fields: f, handle, departmentId }) => {
          const publishAt = f.publish_at ? new Date(f.publish_at) : now;
          return {
            handle,
            name: f.name!,
            bodyHtml: sanitizeBodyHtml(f.body_html ?? ''),
            brandId: f.brand_id!,
            departmentId,
            categoryId: f.category_id ?? null,
            tags: f.tags ?? [],
            metafields: searchTexts(f.title_tag, f.description_tag),
            sale: f.sale ?? false,
            status: f.status ?? 'draft',
            publishAt,
            published: f.status === 'active' && publishAt.getTime() <= now.getTime(),
            variantOption: f.option ?? 'size',
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning({ id: products.id, handle: products.handle });
    for (const r of rows) ids.set(r.handle, r.id);
  }
  for (const p of planned.filter((q) => q.existingId !== null)) {
    ids.set(p.handle, p.existingId!);
    const f = p.fields;
    if (!Object.keys(f).length) continue;
    const publishAt = f.publish_at ? new Date(f.publish_at) : undefined;
    await ctx.db
      .update(products)
      .set({
        name: f.name,
        bodyHtml: f.body_html === undefined ? undefined : sanitizeBodyHtml(f.body_html),
        brandId: f.brand_id,
        departmentId: f.department === undefined ? undefined : p.departmentId,
        categoryId: f.category_id,
        tags: f.tags,
        sale: f.sale,
        status: f.status,
        publishAt,
        variantOption: f.option,
        metafields:
          f.title_tag === undefined && f.description_tag === undefined
            ? undefined
            : sql`(select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(${products.metafields}) m
                   where m->>'key' not in (${f.title_tag === undefined ? '' : 'title_tag'}, ${f.description_tag === undefined ? '' : 'description_tag'}))
                 || ${JSON.stringify(searchTexts(f.title_tag, f.description_tag))}::jsonb`,
        updatedAt: now,
        // Published follows status and time, as in the editor (SET reads the row as it was, so the
        // new values are spelt out where the file gives them).
        published: sql`${f.status ?? products.status}::text = 'active' and ${publishAt ?? products.publishAt}::timestamptz <= ${now}::timestamptz`,
      })
      .where(eq(products.id, p.existingId!));
  }

  // In the file's order: a known product's new variants come after its others.
  const newVariants = planned.flatMap((p) =>
    p.variants.flatMap((v, i) =>
      v.existingId === null ? [{ ...v.input, productId: ids.get(p.handle)!, position: (p.existingId === null ? 0 : 100) + i }] : [],
    ),
  );
  for (let i = 0; i < newVariants.length; i += WRITE_VARIANTS_PER_STATEMENT) {
    await ctx.db.insert(variants).values(newVariants.slice(i, i + WRITE_VARIANTS_PER_STATEMENT).map(({ id: _id, ...v }) => v));
  }
  for (const v of planned.flatMap((p) => p.variants.filter((w) => w.existingId !== null))) {
    const { sku, title, swatch, price, discount, barcode, stock } = v.input;
    await ctx.db.update(variants).set({ sku, title, swatch, price, discount, barcode }).where(eq(variants.id, v.existingId!));
    // A stock cell is a count, kept in the variant's Inventory history (and it may send back-in-stock messages).
    if (v.stockGiven)
      await recordAdjustment(ctx, staffName, {
        variant_id: v.existingId!,
        kind: 'set',
        quantity: stock,
        reason: 'count',
        note: 'CSV import',
      });
  }
  const touched = [...ids.values()];
  for (let i = 0; i < touched.length; i += WRITE_VARIANTS_PER_STATEMENT) {
    await refreshProductAggregates(ctx, touched.slice(i, i + WRITE_VARIANTS_PER_STATEMENT));
    await refreshRuleCollections(ctx, touched.slice(i, i + WRITE_VARIANTS_PER_STATEMENT));
  }
  return touched;
}

/**
 * Checks a CSV of products and variants and, unless `dryRun`, imports it: all of it in one
 * transaction with one audit row, or nothing when any row is wrong.
 */
export async function importProductsCsv(ctx: RequestCtx, staffName: string, csv: Buffer, dryRun: boolean): Promise<ProductImportResult> {
  const problems = new Problems();
  const rows = await readRows(csv, problems);
  const summary = (planned: PlannedProduct[]): ProductImportResult => ({
    dry_run: dryRun,
    ok: problems.list.length === 0,
    rows: rows.length,
    products_created: planned.filter((p) => p.existingId === null).length,
    products_updated: planned.filter((p) => p.existingId !== null).length,
    variants_created: planned.reduce((n, p) => n + p.variants.filter((v) => v.existingId === null).length, 0),
    variants_updated: planned.reduce((n, p) => n + p.variants.filter((v) => v.existingId !== null).length, 0),
    error_count: problems.list.length,
    errors: problems.list.sort((a, b) => a.line - b.line).slice(0, PRODUCT_CSV_MAX_ERRORS),
  });
  if (problems.list.length) return summary([]);
  const planned = await plan(rows, await loadExisting(ctx, rows), problems);
  const result = summary(planned);
  if (!result.ok || dryRun) return result;
  await writeContent(ctx, async (tx) => {
    await write(tx, staffName, planned);
    await recordAudit(tx, {
      action: 'product.import',
      entity: 'product',
      entityId: null,
      after: {
        rows: result.rows,
        products_created: result.products_created,
        products_updated: result.products_updated,
        variants_created: result.variants_created,
        variants_updated: result.variants_updated,
        handles: planned.slice(0, 100).map((p) => p.handle),
      },
    });
  });
  return result;
}

// Exports

/** Every product with its variants, one row per variant, in the import's columns. */
export async function exportProductsCsv(ctx: DbCtx): Promise<string> {
  const rows = await ctx.db
    .select({
      handle: products.handle,
      name: products.name,
      brand: brands.handle,
      department: departments.key,
      category: categories.handle,
      tags: products.tags,
      status: products.status,
      publishAt: products.publishAt,
      sale: products.sale,
      option: products.variantOption,
      metafields: products.metafields,
      bodyHtml: products.bodyHtml,
      images: products.images,
      sku: variants.sku,
      variantTitle: variants.title,
      swatch: variants.swatch,
      price: variants.price,
      discount: variants.discount,
      barcode: variants.barcode,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(departments, eq(departments.id, products.departmentId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.id), asc(variants.position), asc(variants.id));
  let last = '';
  const records = rows.map((r) => {
    // The product's columns on its first row only, as the import reads them.
    const first = r.handle !== last;
    last = r.handle;
    const meta = (key: string) => r.metafields.find((m) => m.key === key)?.value ?? '';
    const product = first
      ? {
          name: r.name,
          brand: r.brand,
          department: departmentWord(r.department as DepartmentKey),
          category: r.category ?? '',
          tags: r.tags.join(', '),
          status: r.status,
          publish_at: r.publishAt.toISOString(),
          sale: r.sale ? 'yes' : 'no',
          option: r.option,
          title_tag: meta('title_tag'),
          description_tag: meta('description_tag'),
          body_html: r.bodyHtml,
          images: r.images.map((i) => i.original).join(' '),
        }
      : {};
    return {
      handle: r.handle,
      ...product,
      sku: r.sku,
      variant_title: r.variantTitle,
      swatch: r.swatch ?? '',
      price: String(r.price / 100),
      discount: String(r.discount),
      barcode: r.barcode,
      stock: String(r.stock),
    };
  });
  return stringify(records, { header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true });
}

/** Every variant's stock and price, by SKU. */
export async function exportInventoryCsv(ctx: DbCtx): Promise<string> {
  const rows = await ctx.db
    .select({
      sku: variants.sku,
      product: products.name,
      handle: products.handle,
      variant_title: variants.title,
      stock: variants.stock,
      price: variants.price,
      discount: variants.discount,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .orderBy(asc(products.name), asc(variants.position), asc(variants.id));
  return stringify(
    rows.map((r) => ({ ...r, stock: String(r.stock), price: String(r.price / 100), discount: String(r.discount) })),
    { header: true, columns: [...INVENTORY_CSV_COLUMNS], bom: true },
  );
}
