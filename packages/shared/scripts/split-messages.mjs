/**
 * Splits each language's compiled catalog (src/i18n/messages/<locale>.js, Paraglide's locale-modules
 * output) into one module per message under src/i18n/messages/<locale>/, with an index that re-exports
 * them. A storefront build imports its language's index (decision 009): a page's chunks then carry the
 * messages their own code uses, not every message of the shop (as one module, the whole catalog went
 * wherever its first importer went — the shell, on every page's first load).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/i18n/messages');
const HEAD = '/* eslint-disable */\n';

for (const locale of JSON.parse(readFileSync(join(dir, '../../../project.inlang/settings.json'), 'utf8')).locales) {
  const source = readFileSync(join(dir, `${locale}.js`), 'utf8');
  const out = join(dir, locale);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const names = [];
  // Each message is `export const <name> = … };` up to the next export (the file's own layout).
  for (const part of source.split(/\n(?=export const )/).slice(1)) {
    const name = /^export const (\w+) =/.exec(part)?.[1];
    if (!name) throw new Error(`${locale}.js: a part that is no message: ${part.slice(0, 60)}`);
    if (/\bimport\b|\bregistry\b|\bgetLocale\b/.test(part)) throw new Error(`${locale}.js ${name}: needs more than its own text`);
    names.push(name);
    writeFileSync(join(out, `${name}.js`), HEAD + part.trim() + '\n');
  }
  writeFileSync(join(out, 'index.js'), HEAD + names.map((n) => `export { ${n} } from './${n}.js';`).join('\n') + '\n');
}
