import { count } from 'drizzle-orm';
import type { Database, Db } from '../client.js';
import { departments } from '../schema.js';

export type SeedOptions = {
  /** Where generated images are written (served at /media/). */
  mediaDir: string;
  /** Generate image files; tests turn this off for speed (URLs are still set). */
  images?: boolean;
  /** Catalog size for benchmarks; the demo shop when absent. */
  products?: number;
};

/** The demo shop is there once departments exist. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(departments);
  return Number(row?.n ?? 0) > 0;
}

export async function seedDemo(database: Database, _opts: SeedOptions): Promise<void> {
  await database.db
    .insert(departments)
    .values([
      { key: '', name: 'Beauty', position: 0 },
      { key: 'toys', name: 'Toys', position: 1 },
      { key: 'home', name: 'Home', position: 2 },
      { key: 'sport', name: 'Sport', position: 3 },
    ])
    .onConflictDoNothing();
}
