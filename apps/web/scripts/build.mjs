// Builds the storefront once per language (decision 009): English into build/, Bangla into build/bn/,
// each with its catalog compiled in and its basename. Then the service worker, over English's client.
import { spawnSync } from 'node:child_process';

import { LOCALES } from '@store/shared/locale';

for (const locale of LOCALES) {
  const started = Date.now();
  const run = spawnSync('react-router', ['build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, STORE_LOCALE: locale },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log(`storefront (${locale}) built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
