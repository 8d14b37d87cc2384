import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, listenHost, mediaDir, migrateAtBoot, parseEnv, seedAtBoot } from './config/env.js';
import { openDatabase } from './db/open.js';
import { SchemaBehind } from './db/schema-version.js';
import { isSeeded, seedDemo } from './db/seed/index.js';
import { buildApp } from './app.js';
import { devDoorsNotice } from './plugins/dev-doors.js';
import { mediaStorageFor } from './modules/media/index.js';

const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

/** The exit code of a configuration error: a supervisor must not restart into the same mistake (sysexits EX_CONFIG). */
export const EXIT_CONFIG = 78;

async function main() {
  const env = parseEnv(process.env);
  // Until the app's logger exists, connection errors go to stderr; they never end the process.
  let reportDatabaseError = (err: Error) => console.warn(`database connection error: ${err.message}`);
  let reportDown = (down: boolean) => console.warn(down ? 'database not answering' : 'database answering again');
  const database = await openDatabase(
    env,
    { onError: (err) => reportDatabaseError(err), onDownChange: (down) => reportDown(down) },
    { migrate: migrateAtBoot(env) },
  );
  if (seedAtBoot(env) && !(await isSeeded(database.db))) {
    console.log('Seeding the demo shop (first run)…');
    await seedDemo(database, { mediaDir: mediaDir(env), storage: mediaStorageFor(env), production: env.NODE_ENV === 'production' });
  }
  const app = await buildApp({ env, database, webBuildDir: env.WEB_BUILD_DIR ? resolve(env.WEB_BUILD_DIR) : defaultWebBuildDir });
  reportDatabaseError = (err) => app.log.warn({ err: err.message }, 'database connection error');
  reportDown = (down) =>
    down
      ? app.log.error('database not answering: requests get 503, one probe connection at a time')
      : app.log.info('database answering again');
  const close = async () => {
    // Requests in flight finish; a shutdown that hangs is cut after 10 s.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  const host = listenHost(env);
  await app.listen({ host, port: env.PORT });
  console.log(`Storefront on ${env.PUBLIC_URL} (listening on ${host}:${env.PORT}, database: ${database.kind})`);
  const notice = devDoorsNotice(env);
  if (notice) console.log(notice);
}

main().catch((err: unknown) => {
  // A configuration error or a schema behind the release: a restart would meet the same, so say why and stop.
  const known = err instanceof EnvError || err instanceof SchemaBehind;
  console.error(known ? err.message : err);
  process.exit(known ? EXIT_CONFIG : 1);
});
