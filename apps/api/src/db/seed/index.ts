import { sql } from 'drizzle-orm';
import { clearCatalogCaches } from '../../modules/catalog/index.js';
import { clearContentCaches } from '../../modules/content/index.js';
import type { Database, Db } from '../client.js';
import { products } from '../schema.js';
import { seedLargeCatalog } from './bench.js';
import { planCatalog, writeCatalog } from './catalog.js';
import { planContent, STATIC_FILES, writeContent } from './content.js';
import { renderImages, writeText } from './images.js';
import { DiskMediaStorage, type MediaStorage } from '../../modules/media/index.js';
import { seedCartRules } from '../../modules/cart/index.js';
import { seedDemoCoupons } from '../../modules/checkout/index.js';
import { seedDemoLoyalty } from '../../modules/loyalty/index.js';
import { seedDemoOrders } from './orders.js';
import { seedDemoOwner } from './staff.js';

export type SeedOptions = {
  /** Where generated images are written (served at /media/), unless `storage` says otherwise. */
  mediaDir: string;
  /** Where the pictures go: the configured media storage (a bucket); default the folder `mediaDir`. */
  storage?: MediaStorage;
  /** Generate image files; tests turn this off for speed (URLs are still set). */
  images?: boolean;
  /** Catalog size for benchmarks: this many generated products (three variants each) on top of the demo shop. */
  products?: number;
  /** Where progress lines go (the large catalogue prints one per 5,000 products); console.log by default. */
  log?: (line: string) => void;
  /** The demo order book (default true outside production); tests that count orders turn it off. */
  orders?: boolean;
  /** Production: the demo owner, whose password is public, is not created. */
  production?: boolean;
};

/** The demo shop is there once it has products (the demo is written in one transaction, so all of it is). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .limit(1);
  return rows.length > 0;
}

/**
 * Seeds "Glow Bazaar", the demo shop (see docs/demo-data.md): catalogue, reviews, collections,
 * banners, menus, footers, pages, blog, stores and settings, with pictures drawn at seed time.
 * Deterministic and idempotent: a second run finds every row and file in place and adds nothing.
 */
export async function seedDemo(database: Database, opts: SeedOptions): Promise<void> {
  const images = opts.images ?? true;
  const log = opts.log ?? console.log;
  const catalog = planCatalog();
  const content = planContent(catalog);
  const storage = opts.storage ?? new DiskMediaStorage(opts.mediaDir);
  if (images) {
    await renderImages(storage, [...catalog.imageJobs, ...content.imageJobs]);
    await Promise.all(Object.entries(STATIC_FILES).map(([path, text]) => writeText(storage, path, text)));
  }
  await database.db.transaction(async (tx) => {
    const ids = await writeCatalog(tx, catalog);
    await writeContent(tx, content, ids);
    await seedCartRules({ db: tx });
  });
  if (opts.products) {
    const added = await seedLargeCatalog(database.db, { count: opts.products, storage, images, log });
    // After a bulk load, what autovacuum would do a minute later: the planner's statistics (how
    // common a word or a brand is) and the visibility map the back office's index-only scans read.
    if (added > 0) await database.db.execute(sql`vacuum analyze products, variants`);
  }
  await seedDemoCoupons(database.db);
  if (!opts.production) {
    await seedDemoOwner(database.db);
    // A month of orders in every state, for the back office (development only, like the owner).
    if (opts.orders ?? true) {
      await seedDemoOrders(database.db, new Date());
      // The loyalty ledger those deliveries earned, and the tiers they reached (issue 22).
      await seedDemoLoyalty(database.db);
    }
  }
  // A running app may have cached the empty shop.
  clearCatalogCaches();
  clearContentCaches();
}
