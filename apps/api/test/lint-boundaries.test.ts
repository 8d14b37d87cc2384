import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The module doors and the web app's direction are rules of eslint.config.js. These lint deliberate
 * violations as if they were files of the repository, so a change to the config that stops catching
 * them fails here, not in a review months later.
 */
const root = join(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function rulesBroken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const boundary = 'import-x/no-restricted-paths';

describe('module doors', () => {
  it("refuses another module's tables outside a table file or a test", async () => {
    const broken = await rulesBroken(
      'apps/api/src/modules/cart/scratch.ts',
      "import { variants } from '../catalog/catalog.tables.js';\nexport const v = variants;\n",
    );
    expect(broken).toEqual([expect.stringContaining(boundary)]);
    expect(broken[0]).toContain('catalog.tables.js');
  });

  it("refuses another module's internals, from a module and from the app around them", async () => {
    expect(
      await rulesBroken(
        'apps/api/src/modules/cart/scratch.ts',
        "import { getCards } from '../catalog/catalog.service.js';\nexport const g = getCards;\n",
      ),
    ).toEqual([expect.stringContaining(boundary)]);
    expect(
      await rulesBroken(
        'apps/api/src/plugins/scratch.ts',
        "import { findSession } from '../modules/accounts/sessions.js';\nexport const f = findSession;\n",
      ),
    ).toEqual([expect.stringContaining(boundary)]);
  });

  it('refuses the table aggregate inside a module', async () => {
    expect(
      await rulesBroken(
        'apps/api/src/modules/cart/scratch.ts',
        "import { products } from '../../db/schema.js';\nexport const p = products;\n",
      ),
    ).toEqual([expect.stringContaining(boundary)]);
  });

  it('lets a module use a door, a table file name a foreign key and a test read any table', async () => {
    expect(
      await rulesBroken(
        'apps/api/src/modules/cart/scratch.ts',
        "import { getCards } from '../catalog/index.js';\nexport const g = getCards;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'apps/api/src/modules/cart/scratch.tables.ts',
        "import { variants } from '../catalog/catalog.tables.js';\nexport const v = variants;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'apps/api/src/modules/cart/scratch.test.ts',
        "import { variants } from '../catalog/catalog.tables.js';\nexport const v = variants;\n",
      ),
    ).toEqual([]);
  });
});

describe('the web app points one way', () => {
  it('refuses a component that imports a feature, and a feature that imports a route', async () => {
    expect(
      await rulesBroken(
        'apps/web/app/components/ui/scratch.tsx',
        "import { useBag } from '../../features/cart/use-bag';\nexport const u = useBag;\n",
      ),
    ).toEqual([expect.stringContaining(boundary)]);
    expect(
      await rulesBroken('apps/web/app/features/cart/scratch.tsx', "import Home from '../../routes/home';\nexport const h = Home;\n"),
    ).toEqual([expect.stringContaining(boundary)]);
  });
});

describe('cycles', () => {
  // Two real files that import each other: a cycle needs both ends on disk.
  const dir = join(root, `apps/api/src/lib/lint-scratch-${process.pid}`);
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b();\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = (): unknown => a;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
