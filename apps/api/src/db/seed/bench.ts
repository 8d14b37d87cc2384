import { count, inArray, isNotNull } from 'drizzle-orm';
import type { ProductImage } from '@store/shared/catalog';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { refreshProductAggregates } from '../../modules/catalog/index.js';
import type { Db } from '../client.js';
import { brands, categories, departments, products, variants } from '../schema.js';
import { CATEGORIES } from './catalog-data.js';
import { escapeXml, imageUrls, productJob, renderImages, type ImageJob } from './images.js';
import type { MediaStorage } from '../../modules/media/index.js';
import { daysBefore, rng } from './random.js';

/**
 * The large catalogue for benchmarks: `count` generated products ('Bench Serum 00042') with three
 * variants each, spread over the departments, leaf categories and brands already in the database.
 * Rows go in 1,000 per statement, one transaction per batch; pictures come from a small pool
 * (one per category), never a file per product. Handles are bench-00001…, so a second run with
 * the same count adds nothing and a larger count adds only the difference.
 */

export const BENCH_BATCH = 1000;
const DEPARTMENT_WEIGHTS: [string, number][] = [
  ['', 0.55],
  ['toys', 0.15],
  ['home', 0.15],
  ['sport', 0.15],
];
const POOL_COLOURS = ['#c2185b', '#1b75bb', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#5d4037', '#283593'];
const PACKS = [
  { title: 'Value Pack', factor: 1.8 },
  { title: 'Gift Set', factor: 2.4 },
];

export const benchHandle = (n: number) => `bench-${String(n).padStart(5, '0')}`;

type Leaf = { id: number; handle: string; name: string; departmentId: number };

function variantTitles(handle: string, r: ReturnType<typeof rng>): { title: string; factor: number }[] {
  const options = CATEGORIES.find((c) => c.handle === handle)?.variants?.options ?? ['Standard'];
  if (options.length >= 3) {
    const start = r.int(0, options.length - 3);
    // Sizes get dearer; shades, colours and clothing sizes cost the same.
    const sized = /\d\s*(ml|g|kg)$/i.test(options[0]!);
    return options.slice(start, start + 3).map((title, i) => ({ title, factor: sized ? 1 + 0.6 * i : 1 }));
  }
  return [...options.map((title) => ({ title, factor: 1 })), ...PACKS].slice(0, 3);
}

export async function seedLargeCatalog(
  db: Db,
  opts: { count: number; storage: MediaStorage; images: boolean; log: (line: string) => void },
): Promise<number> {
  const started = Date.now();
  const deptRows = await db.select({ id: departments.id, key: departments.key }).from(departments);
  const leaves: Leaf[] = await db
    .select({ id: categories.id, handle: categories.handle, name: categories.name, departmentId: categories.departmentId })
    .from(categories)
    .where(isNotNull(categories.parentId));
  const brandRows = await db.select({ id: brands.id, name: brands.name, departmentId: brands.departmentId }).from(brands);
  const byDept = new Map(
    deptRows.map((d) => [
      d.key,
      { id: d.id, leaves: leaves.filter((l) => l.departmentId === d.id), brands: brandRows.filter((b) => b.departmentId === d.id) },
    ]),
  );

  // One picture per category, shared by every generated product in it.
  const pool = new Map<string, { job: ImageJob; image: ProductImage }>();
  leaves.forEach((leaf, i) => {
    const def = CATEGORIES.find((c) => c.handle === leaf.handle);
    const job = productJob(`products/bench/${leaf.handle}`, {
      shape: def?.shape ?? 'box',
      pictogram: def?.pictogram ?? 'none',
      color: POOL_COLOURS[i % POOL_COLOURS.length]!,
      brand: 'Glow Bazaar',
      label: leaf.name,
      view: 1,
    });
    pool.set(leaf.handle, { job, image: imageUrls(job, `${leaf.name} (benchmark product)`) });
  });
  if (opts.images)
    await renderImages(
      opts.storage,
      [...pool.values()].map((p) => p.job),
    );

  const bodies = new Map<string, string>();
  const body = (brand: string, leaf: Leaf) => {
    const key = `${brand}|${leaf.handle}`;
    let html = bodies.get(key);
    if (!html) {
      html = sanitizeBodyHtml(
        `<p>A ${escapeXml(leaf.name.toLowerCase())} from ${escapeXml(brand)}, part of the generated benchmark catalogue.</p><ul><li>Three variants</li><li>Whole-taka prices</li></ul>`,
      );
      bodies.set(key, html);
    }
    return html;
  };

  let added = 0;
  for (let first = 1; first <= opts.count; first += BENCH_BATCH) {
    const last = Math.min(opts.count, first + BENCH_BATCH - 1);
    const handles = Array.from({ length: last - first + 1 }, (_, k) => benchHandle(first + k));
    // A batch written by an earlier run is skipped without building its rows (re-runs take seconds).
    const [present] = await db.select({ n: count() }).from(products).where(inArray(products.handle, handles));
    if (Number(present?.n ?? 0) < handles.length) added += await writeBatch(first, last);
    if (last % 5000 === 0 || last === opts.count) {
      opts.log(
        `  benchmark catalogue: ${last.toLocaleString('en-US')} / ${opts.count.toLocaleString('en-US')} products (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return added;

  async function writeBatch(first: number, last: number): Promise<number> {
    const batch = Array.from({ length: last - first + 1 }, (_, k) => {
      const n = first + k;
      const r = rng(`bench:${n}`);
      let x = r.next();
      const deptKey = DEPARTMENT_WEIGHTS.find(([, w]) => (x -= w) < 0)?.[0] ?? '';
      const dept = byDept.get(deptKey) ?? byDept.get('')!;
      const leaf = r.pick(dept.leaves);
      const brand = r.pick(dept.brands);
      const def = CATEGORIES.find((c) => c.handle === leaf.handle);
      const [lo, hi] = def?.price ?? [500, 5000];
      const base = Math.round((lo + (hi - lo) * r.next() * 0.6) / 10) * 10;
      const percent = r.chance(0.2) ? r.pick([10, 15, 20, 25, 30]) : 0;
      const handle = benchHandle(n);
      const name = `Bench ${leaf.name} ${String(n).padStart(5, '0')}`;
      return {
        row: {
          handle,
          name,
          bodyHtml: body(brand.name, leaf),
          brandId: brand.id,
          departmentId: dept.id,
          categoryId: leaf.id,
          tags: leaf.handle.endsWith('fragrance') ? [r.pick(['EDP', 'EDT', 'EDC'])] : [],
          metafields: [
            { key: 'title_tag', value: `${name} | Buy online in Bangladesh | Glow Bazaar` },
            { key: 'description_tag', value: `${name} from ${brand.name}, generated for benchmarks.` },
          ],
          images: [pool.get(leaf.handle)!.image],
          sale: percent > 0,
          createdAt: daysBefore(r.int(0, 729), r.int(0, 1439)),
        },
        variants: variantTitles(leaf.handle, r).map((v, i) => ({
          sku: `BENCH-${String(n).padStart(5, '0')}-${i + 1}`,
          title: v.title,
          price: Math.round((base * v.factor) / 10) * 10 * 100,
          discount: percent > 0 && (i === 0 || r.chance(0.5)) ? percent : 0,
          stock: r.chance(0.08) ? 0 : r.int(1, 200),
          position: i,
        })),
      };
    });

    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values(batch.map((b) => b.row))
        .onConflictDoNothing()
        .returning({ id: products.id, handle: products.handle });
      if (inserted.length === 0) return 0;
      const idByHandle = new Map(inserted.map((r) => [r.handle, r.id]));
      const variantRows = batch.flatMap((b) => {
        const productId = idByHandle.get(b.row.handle);
        return productId === undefined ? [] : b.variants.map((v) => ({ ...v, productId }));
      });
      for (let i = 0; i < variantRows.length; i += BENCH_BATCH) {
        await tx
          .insert(variants)
          .values(variantRows.slice(i, i + BENCH_BATCH))
          .onConflictDoNothing();
      }
      await refreshProductAggregates(
        { db: tx },
        inserted.map((r) => r.id),
      );
      return inserted.length;
    });
  }
}
