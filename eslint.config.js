import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/*
 * Module doors (docs/architecture.md). Each folder of apps/api/src/modules is a module whose index.ts is
 * its only door: another module, and the app around them, import that file and nothing else. The one
 * exception is a foreign key: a module's *.tables.ts may name another module's table. Tests may read
 * any module's tables to check what a call left in the database. The web app points one way:
 * routes → features → components → lib, never back.
 */
const API = 'apps/api/src';
const MODULES = readdirSync(`${import.meta.dirname}/${API}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const DOOR = '**/modules/*/index.ts';
const TABLES = '**/modules/*/*.tables.ts';
const doorMessage = " Use the module's door (its index.ts), or ask the owning module for a function.";
const boundaryZones = [
  ...MODULES.flatMap((m) => [
    {
      target: `${API}/modules/${m}/**/!(*.tables|*.test).ts`,
      from: `${API}/modules/!(${m})/**`,
      except: [DOOR],
      message: doorMessage,
    },
    {
      target: `${API}/modules/${m}/**/*.@(tables|test).ts`,
      from: `${API}/modules/!(${m})/**`,
      except: [DOOR, TABLES],
      message: ' A table file or a test may name another module’s table; anything else goes through its door.',
    },
  ]),
  {
    target: [`${API}/*.ts`, `${API}/!(modules|db)/**/!(*.test).ts`],
    from: `${API}/modules/**`,
    except: [DOOR],
    message: doorMessage,
  },
  {
    target: [`${API}/!(modules)/**/*.test.ts`, 'apps/api/test/**'],
    from: `${API}/modules/**`,
    except: [DOOR, TABLES],
    message: ' A test may read any module’s tables; anything else goes through its door.',
  },
  {
    target: `${API}/db/**`,
    from: `${API}/modules/**`,
    except: [DOOR, TABLES],
    message: ' The database setup may read the schema (every *.tables.ts) and call doors, nothing else.',
  },
  {
    target: `${API}/modules/**/!(*.test).ts`,
    from: `${API}/db/schema.ts`,
    message: ' db/schema.ts gathers every table for migrations: a module imports only its own tables.',
  },
  {
    target: 'apps/web/app/components/**',
    from: ['apps/web/app/features/**', 'apps/web/app/routes/**'],
    message: ' components/ is the shop-agnostic kit: it never imports a feature or a route (move the piece to features/).',
  },
  {
    target: ['apps/web/app/features/**', 'apps/web/app/lib/**'],
    from: 'apps/web/app/routes/**',
    message: ' Routes compose features; a feature or lib never imports a route.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
      'packages/shared/src/i18n/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a union of string literals, not enum.' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses only .js files and sees no cycle through TypeScript.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'apps/admin/tsconfig.json', 'packages/shared/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Configuration is read once, from the parsed env object (STYLE.md rule 4).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/server.ts', 'apps/api/src/db/*-cli.ts', 'apps/api/src/test/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from the parsed env object.' },
      ],
    },
  },
);
