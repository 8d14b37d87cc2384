// `npm start`: build what is not built (or is older than its sources), then run the one server
// process, which migrates the database and seeds the demo shop on first run.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = ['packages/shared/src', 'apps/api/src', 'apps/api/drizzle', 'apps/web/app', 'apps/web/public'];
const outputs = ['apps/api/dist/server.js', 'apps/web/build/server/index.js', 'packages/shared/dist/api.js'];

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = outputs.map((o) => join(root, o));
const stale =
  built.some((o) => !existsSync(o)) || Math.max(...sources.map((s) => newest(join(root, s)))) > Math.min(...built.map((o) => statSync(o).mtimeMs));
if (stale) {
  console.log('Building the storefront…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--env-file-if-exists=.env', 'apps/api/dist/server.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
