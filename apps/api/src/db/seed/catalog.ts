import { inArray, isNull, isNotNull } from 'drizzle-orm';
import type { Metafield, ProductImage } from '@store/shared/catalog';
import { PERFUME_TYPES, type DepartmentKey } from '@store/shared/constants';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { refreshProductAggregates } from '../../modules/catalog/index.js';
import type { Db } from '../client.js';
import { brands, categories, collectionProducts, collections, departments, products, reviews, variants } from '../schema.js';
import {
  BRANDS,
  CATEGORIES,
  DEPARTMENTS,
  PRODUCTS,
  SHADE_COLOURS,
  type BrandDef,
  type CategoryDef,
  type ProductDef,
} from './catalog-data.js';
import { describe, HELD_REVIEW_TEXTS, REVIEW_TEXTS, REVIEWERS } from './copy.js';
import { imageUrls, productJob, type ImageJob, type ProductArt } from './images.js';
import { daysBefore, hash, kebab, rng, type Rng } from './random.js';
import { PRODUCT_BANGLA } from './catalog-bangla.js';
import { BRAND_DESCRIPTIONS_BN, CATEGORY_NAMES_BN, COLLECTION_TITLES_BN } from './content-bangla.js';

export type PlannedVariant = { sku: string; title: string; price: number; discount: number; stock: number; position: number };
export type PlannedReview = { name: string; star: number; text: string; approved: boolean; createdAt: Date };
export type PlannedProduct = {
  handle: string;
  name: string;
  brand: BrandDef;
  category: CategoryDef;
  department: DepartmentKey;
  bodyHtml: string;
  /** Bangla name and description where catalog-bangla.ts has them (issue 21), else null. */
  nameBn: string | null;
  bodyHtmlBn: string | null;
  tags: string[];
  metafields: Metafield[];
  images: ProductImage[];
  imageJobs: ImageJob[];
  /** How the product is drawn, reused on banners and article pictures. */
  art: Omit<ProductArt, 'view'>;
  sale: boolean;
  createdAt: Date;
  variants: PlannedVariant[];
  reviews: PlannedReview[];
};
export type PlannedCollection = {
  handle: string;
  title: string;
  department: DepartmentKey;
  homePosition: number | null;
  productHandles: string[];
};

export type CatalogPlan = { products: PlannedProduct[]; collections: PlannedCollection[]; imageJobs: ImageJob[] };

const brandByHandle = new Map(BRANDS.map((b) => [b.handle, b]));
const categoryByHandle = new Map(CATEGORIES.map((c) => [c.handle, c]));

export function requireBrand(handle: string): BrandDef {
  const brand = brandByHandle.get(handle);
  if (!brand) throw new Error(`Unknown brand ${handle}`);
  return brand;
}

function requireCategory(handle: string): CategoryDef {
  const category = categoryByHandle.get(handle);
  if (!category?.price || !category.variants) throw new Error(`Unknown leaf category ${handle}`);
  return category;
}

/** 'Nivea Men Oil Control Face Wash' under Nivea prints as 'Men Oil Control Face Wash' on the pack. */
function withoutBrand(name: string, brand: BrandDef): string {
  const prefixes = [brand.name, brand.name.split(' ')[0]!];
  for (const prefix of prefixes) {
    if (name.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) return name.slice(prefix.length + 1);
  }
  return name;
}

export function productHandle(def: Pick<ProductDef, 'name'>, brand: BrandDef): string {
  return `${brand.handle}-${kebab(withoutBrand(def.name, brand))}`;
}

/** EDP, EDT or EDC, read from the fragrance's name. */
export function perfumeTag(name: string): keyof typeof PERFUME_TYPES | null {
  for (const [tag, words] of Object.entries(PERFUME_TYPES) as [keyof typeof PERFUME_TYPES, string][]) {
    if (name.includes(words) || new RegExp(`\\b${tag}\\b`).test(name)) return tag;
  }
  return null;
}

/** A size like '236ml', '45g', '2 kg' or '10-Car Pack' as a number, to price bigger packs higher. */
function quantity(option: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(ml|g|kg|-Car Pack)$/i.exec(option);
  return m ? Number(m[1]) : null;
}

/** Prices end in 0 like a shop's (৳1,250, never ৳1,247). */
const roundTaka = (taka: number) => Math.max(10, Math.round(taka / 10) * 10);

function planVariants(def: ProductDef, category: CategoryDef, brand: BrandDef, r: Rng, handle: string): { title: string; price: number }[] {
  const plan = category.variants!;
  const [lo, hi] = brand.luxury ? [category.price![0] * 2, category.price![1] * 2] : category.price!;
  let titles: string[];
  if (def.options) titles = def.options;
  else {
    const count = r.int(plan.min, Math.min(plan.max, plan.options.length));
    const start = plan.priced === 'scaled' ? r.int(0, plan.options.length - count) : 0;
    titles =
      plan.priced === 'scaled'
        ? plan.options.slice(start, start + count)
        : r.sample(plan.options, count).sort((a, b) => plan.options.indexOf(a) - plan.options.indexOf(b));
  }
  if (titles.length < 1 || titles.length > 6) throw new Error(`${handle}: 1–6 variants expected`);
  const quantities = titles.map(quantity);
  const scaled = titles.length > 1 && quantities.every((q) => q !== null);
  const lowest = def.price ?? roundTaka(lo + (hi - lo) * r.next() * (scaled ? 0.35 : 0.8));
  if (!scaled) return titles.map((title) => ({ title, price: lowest }));
  // Bigger sizes cost more but less per ml, as in any shop: the price grows with the log of the size.
  const q0 = quantities[0]!;
  const qMax = quantities[quantities.length - 1]!;
  const highest = def.price
    ? roundTaka(def.price * (qMax / q0) ** 0.55)
    : roundTaka(Math.max(lowest * 1.4, lowest + (hi - lowest) * (0.6 + 0.4 * r.next())));
  return titles.map((title, i) => {
    const share = Math.log(quantities[i]! / q0) / Math.log(qMax / q0);
    return { title, price: roundTaka(lowest + (highest - lowest) * share) };
  });
}

const DISCOUNTS = [10, 15, 20, 25, 30];
const STAR_WEIGHTS: [number, number][] = [
  [5, 0.45],
  [4, 0.3],
  [3, 0.13],
  [2, 0.07],
  [1, 0.05],
];

function drawStar(r: Rng): number {
  let x = r.next();
  for (const [star, weight] of STAR_WEIGHTS) {
    if ((x -= weight) < 0) return star;
  }
  return 5;
}

function planReviews(handle: string, createdAt: Date): PlannedReview[] {
  const r = rng(`${handle}:reviews`);
  // About 60% of products have reviews; the rest have none, as in a real shop.
  if (!r.chance(0.6)) return [];
  const count = r.pick([1, 1, 2, 2, 3, 3, 4, 5, 6, 8]);
  const span = Math.max(1, Math.floor((daysBefore(0).getTime() - createdAt.getTime()) / 86_400_000));
  return Array.from({ length: count }, () => {
    const held = r.chance(0.05);
    const star = held ? 5 : drawStar(r);
    return {
      name: r.pick(REVIEWERS),
      star,
      text: held ? r.pick(HELD_REVIEW_TEXTS) : r.pick(REVIEW_TEXTS[star]!),
      approved: !held,
      createdAt: daysBefore(r.int(0, span - 1), r.int(0, 1439)),
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Which products are on sale: a fifth of each department, chosen by a hash so the choice is stable. */
function saleHandles(defs: { handle: string; department: DepartmentKey }[]): Set<string> {
  const chosen = new Set<string>();
  for (const { key } of DEPARTMENTS) {
    const inDept = defs.filter((d) => d.department === key).sort((a, b) => hash(`${a.handle}:sale`) - hash(`${b.handle}:sale`));
    for (const d of inDept.slice(0, Math.round(inDept.length / 5))) chosen.add(d.handle);
  }
  return chosen;
}

function imageCount(r: Rng): number {
  const x = r.next();
  return x < 0.45 ? 1 : x < 0.8 ? 2 : 3;
}

const VIEW_ALT = ['', ', shown at an angle', ', label close-up'];

function planProduct(def: ProductDef, onSale: boolean): PlannedProduct {
  const brand = requireBrand(def.brand);
  const category = requireCategory(def.category);
  const handle = productHandle(def, brand);
  const r = rng(handle);
  const createdAt = daysBefore(r.int(0, 300), r.int(0, 1439));
  const priced = planVariants(def, category, brand, r, handle);

  // A sale discounts some variants (always the first), at one percentage.
  const percent = onSale ? r.pick(DISCOUNTS) : 0;
  const allOut = r.chance(0.04);
  const brandCode = brand.handle
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 4)
    .toUpperCase();
  const code = hash(handle).toString(36).toUpperCase().padStart(6, '0').slice(0, 6);
  const planned: PlannedVariant[] = priced.map((v, i) => {
    const s = r.next();
    const stock = allOut || s < 0.08 ? 0 : s < 0.17 ? r.int(1, 4) : r.int(6, category.department === '' ? 150 : 40);
    return {
      sku: `${brandCode}-${code}-${i + 1}`,
      title: v.title,
      price: v.price * 100,
      discount: onSale && (i === 0 || r.chance(0.6)) ? percent : 0,
      stock,
      position: i,
    };
  });

  const tags: string[] = [];
  if (def.category.endsWith('fragrance')) {
    const tag = perfumeTag(def.name);
    if (!tag) throw new Error(`${handle}: a fragrance must be named EDP, EDT or EDC`);
    tags.push(tag);
  }

  const label = withoutBrand(def.name, brand);
  const accent = def.accent ?? SHADE_COLOURS[planned[0]!.title];
  const art: Omit<ProductArt, 'view'> = {
    shape: def.shape ?? category.shape ?? 'box',
    pictogram: category.pictogram ?? 'none',
    color: brand.color,
    ...(accent ? { accent } : {}),
    brand: brand.name,
    label,
  };
  const imageJobs = Array.from({ length: imageCount(r) }, (_, i) => productJob(`products/${handle}-${i + 1}`, { ...art, view: i + 1 }));
  const fullName = def.name.toLowerCase().startsWith(brand.name.toLowerCase()) ? def.name : `${brand.name} ${def.name}`;
  const images = imageJobs.map((job, i) => imageUrls(job, `${fullName}${VIEW_ALT[i]}`));

  const bangla = PRODUCT_BANGLA[`${def.brand}/${def.name}`];
  return {
    handle,
    name: def.name,
    nameBn: bangla?.name ?? null,
    bodyHtmlBn: bangla ? sanitizeBodyHtml(bangla.description) : null,
    brand,
    category,
    department: category.department,
    bodyHtml: sanitizeBodyHtml(
      describe({ name: withoutBrand(def.name, brand), brand: brand.name, category: category.handle, note: def.note }, r),
    ),
    tags,
    metafields: [
      // Search results show the brand too: 'CeraVe Hydrating Facial Cleanser | …'.
      { key: 'title_tag', value: `${fullName} | Buy online in Bangladesh | Glow Bazaar` },
      // No price: a sale or the back office changes it, and the copy would then contradict the page.
      {
        key: 'description_tag',
        value: `Buy ${fullName} online in Bangladesh. 100% authentic ${category.name.toLowerCase()}, cash on delivery, fast delivery across Dhaka.`,
      },
    ],
    images,
    imageJobs,
    art,
    sale: onSale,
    createdAt,
    variants: planned,
    reviews: planReviews(handle, createdAt),
  };
}

function planCollections(all: PlannedProduct[]): PlannedCollection[] {
  const byDept = (key: DepartmentKey) => all.filter((p) => p.department === key);
  const newest = (list: PlannedProduct[]) => [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const approved = (p: PlannedProduct) => p.reviews.filter((r) => r.approved);
  // Best sellers stand in for sales figures the demo does not have: the most (and best) reviewed.
  const popular = (list: PlannedProduct[]) =>
    [...list].sort(
      (a, b) =>
        approved(b).length - approved(a).length ||
        approved(b).reduce((s, r) => s + r.star, 0) - approved(a).reduce((s, r) => s + r.star, 0) ||
        a.handle.localeCompare(b.handle),
    );
  const handles = (list: PlannedProduct[], n: number) => list.slice(0, n).map((p) => p.handle);
  const beauty = byDept('');
  const pick = (list: PlannedProduct[], n: number, seed: string) =>
    rng(seed)
      .sample(list, n)
      .map((p) => p.handle);
  return [
    { handle: 'new-arrivals', title: 'New arrivals', department: '', homePosition: 0, productHandles: handles(newest(beauty), 12) },
    { handle: 'best-sellers', title: 'Best sellers', department: '', homePosition: 1, productHandles: handles(popular(beauty), 12) },
    {
      handle: 'on-sale',
      title: 'On sale',
      department: '',
      homePosition: 2,
      productHandles: handles(
        beauty.filter((p) => p.sale),
        12,
      ),
    },
    {
      handle: 'fragrance-picks',
      title: 'Fragrance picks',
      department: '',
      homePosition: 3,
      productHandles: handles(
        beauty.filter((p) => p.tags.length > 0),
        10,
      ),
    },
    {
      handle: 'k-beauty',
      title: 'K-Beauty favourites',
      department: '',
      homePosition: null,
      productHandles: handles(
        beauty.filter((p) => p.brand.handle === 'cosrx' || p.brand.handle === 'some-by-mi'),
        12,
      ),
    },
    {
      handle: 'summer-skincare',
      title: 'Summer skincare essentials',
      department: '',
      homePosition: null,
      productHandles: handles(
        beauty.filter((p) => ['sunscreen', 'cleanser'].includes(p.category.handle)),
        12,
      ),
    },
    { handle: 'member-deals', title: 'Member deals', department: '', homePosition: null, productHandles: pick(beauty, 10, 'member-deals') },
    {
      handle: 'toys-best-sellers',
      title: 'Best-selling toys',
      department: 'toys',
      homePosition: 0,
      productHandles: handles(popular(byDept('toys')), 10),
    },
    {
      handle: 'toys-new-arrivals',
      title: 'New in toys',
      department: 'toys',
      homePosition: 1,
      productHandles: handles(newest(byDept('toys')), 10),
    },
    {
      handle: 'kitchen-essentials',
      title: 'Kitchen essentials',
      department: 'home',
      homePosition: 0,
      productHandles: handles(
        byDept('home').filter((p) => p.category.handle === 'kitchen-appliances'),
        10,
      ),
    },
    {
      handle: 'home-best-sellers',
      title: 'Best sellers for home',
      department: 'home',
      homePosition: 1,
      productHandles: handles(popular(byDept('home')), 10),
    },
    {
      handle: 'sport-best-sellers',
      title: 'Best sellers in sport',
      department: 'sport',
      homePosition: 0,
      productHandles: handles(popular(byDept('sport')), 10),
    },
    {
      handle: 'sport-new-arrivals',
      title: 'New in sport',
      department: 'sport',
      homePosition: 1,
      productHandles: handles(newest(byDept('sport')), 10),
    },
  ];
}

/** The whole demo catalogue, computed in memory: the same every run. */
export function planCatalog(): CatalogPlan {
  const keyed = PRODUCTS.map((def) => ({
    def,
    handle: productHandle(def, requireBrand(def.brand)),
    department: requireCategory(def.category).department,
  }));
  const seen = new Set<string>();
  for (const { handle } of keyed) {
    if (seen.has(handle)) throw new Error(`Duplicate product handle ${handle}`);
    seen.add(handle);
  }
  const onSale = saleHandles(keyed);
  const planned = keyed.map(({ def, handle }) => planProduct(def, onSale.has(handle)));
  return { products: planned, collections: planCollections(planned), imageJobs: planned.flatMap((p) => p.imageJobs) };
}

export type CatalogIds = { departments: Map<string, number>; brands: Map<string, number>; products: Map<string, number> };

function idMap<T extends { id: number }>(rows: T[], key: (row: T) => string): Map<string, number> {
  return new Map(rows.map((r) => [key(r), r.id]));
}

/** Writes the plan; rows already present (by key, handle or sku) are left as they are. */
export async function writeCatalog(db: Db, plan: CatalogPlan): Promise<CatalogIds> {
  await db
    .insert(departments)
    .values(DEPARTMENTS.map((d, i) => ({ key: d.key, name: d.name, position: i })))
    .onConflictDoNothing();
  const deptIds = idMap(await db.select({ id: departments.id, key: departments.key }).from(departments), (r) => r.key);
  const dept = (key: DepartmentKey) => deptIds.get(key)!;

  await db
    .insert(brands)
    .values(
      BRANDS.map((b) => ({
        handle: b.handle,
        name: b.name,
        description: b.description,
        descriptionBn: BRAND_DESCRIPTIONS_BN[b.handle] ?? null,
        departmentId: dept(b.department),
        pageHandle: b.page ? b.handle : null,
        luxury: b.luxury ?? false,
      })),
    )
    .onConflictDoNothing();
  const brandIds = idMap(await db.select({ id: brands.id, handle: brands.handle }).from(brands), (r) => r.handle);

  const roots = CATEGORIES.filter((c) => !c.parent);
  await db
    .insert(categories)
    .values(
      roots.map((c, i) => ({
        handle: c.handle,
        name: c.name,
        nameBn: CATEGORY_NAMES_BN[c.handle] ?? null,
        departmentId: dept(c.department),
        position: i,
      })),
    )
    .onConflictDoNothing();
  const rootIds = idMap(
    await db.select({ id: categories.id, handle: categories.handle }).from(categories).where(isNull(categories.parentId)),
    (r) => r.handle,
  );
  await db
    .insert(categories)
    .values(
      CATEGORIES.filter((c) => c.parent).map((c, i) => ({
        handle: c.handle,
        name: c.name,
        nameBn: CATEGORY_NAMES_BN[c.handle] ?? null,
        parentId: rootIds.get(c.parent!)!,
        departmentId: dept(c.department),
        position: i,
      })),
    )
    .onConflictDoNothing();
  const categoryIds = idMap(
    await db.select({ id: categories.id, handle: categories.handle }).from(categories).where(isNotNull(categories.parentId)),
    (r) => r.handle,
  );

  const inserted = await db
    .insert(products)
    .values(
      plan.products.map((p) => ({
        handle: p.handle,
        name: p.name,
        bodyHtml: p.bodyHtml,
        nameBn: p.nameBn,
        bodyHtmlBn: p.bodyHtmlBn,
        brandId: brandIds.get(p.brand.handle)!,
        departmentId: dept(p.department),
        categoryId: categoryIds.get(p.category.handle)!,
        tags: p.tags,
        metafields: p.metafields,
        images: p.images,
        sale: p.sale,
        createdAt: p.createdAt,
        publishAt: p.createdAt,
        updatedAt: p.createdAt,
        variantOption: p.variants.some((v) => SHADE_COLOURS[v.title]) ? ('shade' as const) : ('size' as const),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id, handle: products.handle });
  const productIds = idMap(
    await db
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(
        inArray(
          products.handle,
          plan.products.map((p) => p.handle),
        ),
      ),
    (r) => r.handle,
  );

  await db
    .insert(variants)
    .values(
      plan.products.flatMap((p) =>
        p.variants.map((v) => ({ ...v, swatch: SHADE_COLOURS[v.title] ?? null, productId: productIds.get(p.handle)! })),
      ),
    )
    .onConflictDoNothing();

  // Reviews have no natural key: they are written with their product, once.
  const fresh = new Set(inserted.map((r) => r.handle));
  const reviewRows = plan.products
    .filter((p) => fresh.has(p.handle))
    .flatMap((p) => p.reviews.map((r) => ({ ...r, productId: productIds.get(p.handle)! })));
  if (reviewRows.length) await db.insert(reviews).values(reviewRows);
  await refreshProductAggregates({ db }, [...productIds.values()]);

  await db
    .insert(collections)
    .values(
      plan.collections.map((c) => ({
        handle: c.handle,
        title: c.title,
        titleBn: COLLECTION_TITLES_BN[c.handle] ?? null,
        departmentId: dept(c.department),
        homePosition: c.homePosition,
      })),
    )
    .onConflictDoNothing();
  const collectionIds = idMap(
    await db
      .select({ id: collections.id, handle: collections.handle })
      .from(collections)
      .where(
        inArray(
          collections.handle,
          plan.collections.map((c) => c.handle),
        ),
      ),
    (r) => r.handle,
  );
  await db
    .insert(collectionProducts)
    .values(
      plan.collections.flatMap((c) =>
        c.productHandles.map((h, position) => ({ collectionId: collectionIds.get(c.handle)!, productId: productIds.get(h)!, position })),
      ),
    )
    .onConflictDoNothing();

  return { departments: deptIds, brands: brandIds, products: productIds };
}
