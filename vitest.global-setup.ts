import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_OPTIONS, wrapPglite } from './apps/api/src/db/client.js';
// Where `pgliteTemplate` is declared (vitest's ProvidedContext) and read.
import type {} from './apps/api/test/support/database.js';

/**
 * Creating a PGlite database runs initdb inside WebAssembly (about 5 s on a slow 2-core machine)
 * and then every migration. Done once here, each test file loads the result in about a second.
 */
export async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const client = await PGlite.create('memory://', PGLITE_OPTIONS);
  await wrapPglite(client).migrate();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
