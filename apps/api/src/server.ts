import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, listenHost, mediaDir, parseEnv } from './config/env.js';
import { openDatabase } from './db/open.js';
import { isSeeded, seedDemo } from './db/seed/index.js';
import { buildApp } from './app.js';

const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

async function main() {
  const env = parseEnv(process.env);
  const database = await openDatabase(env);
  if (env.SEED_DEMO && !(await isSeeded(database.db))) {
    console.log('Seeding the demo shop (first run)…');
    await seedDemo(database, { mediaDir: mediaDir(env) });
  }
  const app = await buildApp({ env, database, webBuildDir: env.WEB_BUILD_DIR ? resolve(env.WEB_BUILD_DIR) : defaultWebBuildDir });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ host: listenHost(env), port: env.PORT });
  console.log(`Storefront on http://localhost:${env.PORT} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
