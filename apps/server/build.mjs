// Bundles the server (and the workspace packages it imports as TypeScript source) into
// dist/main.js, and the child it prepares the database in into dist/prepare-child.js;
// third-party packages stay in node_modules. Migrations and fonts are copied beside them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vocagarden/'));

rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'prepare-child': 'src/prepare-child.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync(new URL('./src/db/migrations/', import.meta.url), new URL('./dist/migrations/', import.meta.url), {
  recursive: true,
});
// The PDF builder's embedded font (and its licence), found beside the bundle like the migrations.
cpSync(new URL('./src/lib/pdf/fonts/', import.meta.url), new URL('./dist/fonts/', import.meta.url), {
  recursive: true,
});
