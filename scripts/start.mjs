// `npm start`: build what is not built (or is older than its sources), then run the one server
// process, which migrates the database and seeds the demo shop on first run.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'packages/shared/src',
  'packages/shared/messages',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/web/app',
  'apps/web/public',
  'apps/admin/src',
  'apps/admin/public',
];
const outputs = [
  'apps/api/dist/server.js',
  'apps/web/build/server/index.js',
  'apps/web/build/bn/server/index.js',
  'apps/admin/dist/index.html',
  'packages/shared/dist/api.js',
  'packages/shared/dist/i18n/messages.js',
];
// Compiled from packages/shared/messages at every `npm ci` and typecheck: the catalogs are the source.
const generated = new Set([join(root, 'packages/shared/src/i18n')]);

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir) || generated.has(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = outputs.map((o) => join(root, o));
const stale =
  built.some((o) => !existsSync(o)) ||
  Math.max(...sources.map((s) => newest(join(root, s)))) > Math.min(...built.map((o) => statSync(o).mtimeMs));
if (stale) {
  console.log('Building the storefront…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs under this supervisor: a crash restarts it after a backoff that doubles from 1 s
// to 30 s and resets once a run has stayed up for a minute. A configuration error (exit 78) is not
// retried, and SIGINT/SIGTERM stop the server and the supervisor. In production, run the server
// under systemd or a container runtime instead (docs/operations.md).
const EXIT_CONFIG = 78;
let server = null;
let stopping = false;
let backoffMs = 1000;

function run() {
  const startedAt = Date.now();
  server = spawn(process.execPath, ['--env-file-if-exists=.env', 'apps/api/dist/server.js'], { cwd: root, stdio: 'inherit' });
  server.on('exit', (code, signal) => {
    server = null;
    if (stopping || code === 0) process.exit(code ?? 0);
    if (code === EXIT_CONFIG) process.exit(code);
    if (Date.now() - startedAt > 60_000) backoffMs = 1000;
    console.error(`The server stopped (${signal ?? `exit ${code}`}); restarting in ${backoffMs / 1000} s.`);
    setTimeout(run, backoffMs);
    backoffMs = Math.min(backoffMs * 2, 30_000);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (server) server.kill(signal);
    else process.exit(0);
  });
}
run();
