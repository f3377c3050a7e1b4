import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every TypeScript project, so imports (`.ts` extensions, `@vocagarden/contract`) resolve as tsc resolves them. */
const tsProjects = [
  'tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'packages/contract/tsconfig.json',
  'packages/content/tsconfig.json',
  'e2e/tsconfig.json',
];

/**
 * No import cycles (type-only imports do not count). The search stops 12 modules deep, which bounds
 * its time; a cycle longer than that would go unnoticed (an unbounded search costs ~50% more).
 */
const noCycle = ['error', { ignoreExternal: true, maxDepth: 12 }];

/** The layers of the web app and the packages, for the import-boundary rules below (paths from the root). */
const elements = [
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-components', pattern: 'apps/web/src/components' },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
  { type: 'web-locales', pattern: 'apps/web/src/locales' },
  { type: 'server', pattern: 'apps/server' },
  { type: 'contract', pattern: 'packages/contract' },
  { type: 'content', pattern: 'packages/content' },
].map((element) => ({ ...element, partialMatch: false }));

const web = ['web-app', 'web-feature', 'web-components', 'web-lib', 'web-locales'];
const element = (type, more = {}) => ({ element: { type, ...more } });

/** Later policies override earlier ones; what no policy forbids is allowed. */
const boundaryPolicies = [
  {
    from: element(['web-components', 'web-lib']),
    disallow: { to: element(['web-feature', 'web-app']) },
    message: 'Shared components/ and lib/ must not depend on features/ or app/.',
  },
  {
    from: element('web-feature'),
    disallow: { to: element('web-app') },
    message: 'A feature must not depend on app/.',
  },
  {
    // A feature's own files are internal dependencies, which the rule does not check.
    from: element(['web-app', 'web-feature']),
    disallow: { to: element('web-feature', { fileInternalPath: '!index.ts' }) },
    message:
      "Import another feature only through its index.ts ('features/{{ to.element.captured.feature }}/index.ts').",
  },
  {
    // The router loads the signed-in pages on demand: it may import a page module itself, lazily.
    from: element('web-app', { fileInternalPath: 'router.tsx' }),
    allow: {
      to: element('web-feature', { fileInternalPath: '*-page.tsx' }),
      dependency: { nodeKind: 'dynamic-import' },
    },
  },
  {
    from: element(web),
    disallow: { to: element('server') },
    message: 'The web app talks to the server over HTTP only.',
  },
  {
    from: element('contract'),
    disallow: { to: element(['server', ...web]) },
    message: 'The contract is shared by both apps and must not import from either.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, boundaries },
    settings: {
      // import-x reads (parses) a dependency only when its extension is listed here.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: tsProjects, noWarnOnMultipleProjects: true }),
      ],
      // eslint-plugin-boundaries resolves through eslint-module-utils, i.e. the classic setting.
      'import/resolver': { typescript: { project: tsProjects, noWarnOnMultipleProjects: true } },
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': elements,
      'boundaries/legacy-templates': false,
    },
  },
  {
    // No import cycles anywhere in the apps and the shared packages.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    rules: { 'import-x/no-cycle': noCycle },
  },
  {
    // Import boundaries between the web app's layers, its features, and the packages.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle may share the contract, never the server's code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vocagarden/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/server/src/cli/**', 'packages/content/src/cli/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
