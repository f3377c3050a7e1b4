// `npm start`: build whatever is missing or stale, then run the server on PORT (default 3000)
// with the embedded database. A fresh clone needs nothing but `npm install` before this.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

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

function isStale(output, sources) {
  const outputPath = join(root, output);
  return !existsSync(outputPath) || statSync(outputPath).mtimeMs < newest(...sources);
}

const builds = [
  [
    '@vocagarden/web',
    'apps/web/dist/index.html',
    ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contract/src'],
  ],
  ['@vocagarden/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages']],
].filter(([, output, sources]) => isStale(output, sources));

/** Runs a command in the repository, and exits with its status if it fails. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (builds.length > 0) {
  // A server already running on this data directory serves the files a build deletes: a second
  // `npm start` must refuse before building (the server itself refuses only once it opens the
  // database). Building needs the dev dependencies anyway, so tsx is there to run the check.
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/check-data-dir.ts']);
}
for (const [workspace] of builds) {
  console.log(`Building ${workspace}…`);
  run('npm', ['run', 'build', '-w', workspace]);
}

// The server runs in this very process, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown.
// Its heap grows by 25% at a time instead of V8's default (up to 4×, on a fast collector): RSS after
// the bench's load ~40 MB lower for a little more CPU (decision 028). This is the command-line flag
// --heap-growing-percent=25, set here because the server is this process; V8 reads it at every
// collection, so setting it before the server's modules load is the same as passing it to node.
v8.setFlagsFromString('--heap-growing-percent=25');
process.chdir(root);
await import(join(root, 'apps/server/dist/main.js'));
