import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './processes.js';

export const root = new URL('../../', import.meta.url).pathname;

// The same outputs as scripts/start.mjs checks: a copy without one would make npm start rebuild.
const OUTPUTS = ['apps/api/dist/server.js', 'apps/web/build/server/index.js', 'apps/admin/dist/index.html', 'packages/shared/dist/api.js'];
const BUILD_DIRS = ['apps/api/dist', 'apps/web/build', 'apps/admin/dist', 'packages/shared/dist'];

function newest(dir: string): number {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Waits until the build is whole and quiet: every output exists and nothing in the build folders
 * changed for 5 s (another build in the same checkout may be writing them). Builds only when an
 * output is still missing after a minute.
 */
async function settledBuild(): Promise<void> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const whole = OUTPUTS.every((o) => existsSync(join(root, o)));
    const quiet = Date.now() - Math.max(...BUILD_DIRS.map((d) => newest(join(root, d)))) > 5000;
    if (whole && quiet) return;
    await sleep(1000);
  }
  if (OUTPUTS.every((o) => existsSync(join(root, o)))) return;
  console.log('faults: the build is missing, running npm run build…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * A copy of the built store in a temporary folder: what the suite runs, so other work rebuilding
 * the checkout meanwhile cannot change the server under a fault (or make npm start's supervisor
 * rebuild: the copy has no sources, so it is never stale). node_modules entries are links to the
 * checkout's; the workspace packages point into the copy.
 */
export async function snapshotBuild(): Promise<string> {
  await settledBuild();
  const dir = mkdtempSync(join(tmpdir(), 'faults-build-'));
  // The build folders are copied last: npm start's supervisor rebuilds when a source (the migrations
  // folder counts) is newer than the build, and a copy's files carry the time they were copied.
  const copies = [
    'apps/api/drizzle',
    'apps/api/package.json',
    'apps/web/package.json',
    'apps/admin/package.json',
    'packages/shared/package.json',
    'scripts/start.mjs',
    'package.json',
    ...BUILD_DIRS,
  ];
  for (const path of copies) cpSync(join(root, path), join(dir, path), { recursive: true });
  for (const output of OUTPUTS) if (!existsSync(join(dir, output))) throw new Error(`the copy of the build lacks ${output}`);
  mkdirSync(join(dir, 'node_modules/@store'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@store') symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  for (const [name, path] of [
    ['api', 'apps/api'],
    ['web', 'apps/web'],
    ['admin', 'apps/admin'],
    ['shared', 'packages/shared'],
  ] as const) {
    symlinkSync(join('../..', path), join(dir, 'node_modules/@store', name));
    // A workspace's own node_modules holds the versions that clash with the root's (npm nests them there).
    if (existsSync(join(root, path, 'node_modules'))) symlinkSync(join(root, path, 'node_modules'), join(dir, path, 'node_modules'));
  }
  return dir;
}
