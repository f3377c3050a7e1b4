// `npm start`: build whatever is missing or stale, then run the server on PORT (default 3000)
// with the embedded database. A fresh clone needs nothing but `npm install` before this.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of any file under the given folders. */
function newest(...folders) {
  let latest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) readdirSync(path).forEach((name) => name !== 'node_modules' && walk(join(path, name)));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  folders.forEach((folder) => walk(join(root, folder)));
  return latest;
}

function buildIfStale(workspace, output, sources) {
  const outputPath = join(root, output);
  if (existsSync(outputPath) && statSync(outputPath).mtimeMs >= newest(...sources)) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('@vocagarden/web', 'apps/web/dist/index.html', [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'packages/contract/src',
]);
buildIfStale('@vocagarden/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages']);

// The server runs in this very process, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown.
process.chdir(root);
await import(join(root, 'apps/server/dist/main.js'));
