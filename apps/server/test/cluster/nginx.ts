import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's nginx (`apt-get install nginx`). */
export const NGINX = '/usr/sbin/nginx';

/** The deployment's own site file (docs/deploy.md); the test changes only its ports. */
const siteFile = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));

/** One proxied request as the access log records it. */
export interface ProxiedRequest {
  /** Seconds since the epoch, with milliseconds. */
  at: number;
  method: string;
  uri: string;
  status: number;
  /** The instances nginx tried, in order (more than one when it passed the request on). */
  upstreams: string[];
}

export interface Nginx {
  url: string;
  requests(): ProxiedRequest[];
  /** nginx's own warnings and errors (an instance refusing, resetting, timing out). */
  errors(): string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf with the test's instance ports and listening port, or an error if its shape changed. */
export function siteConfig(upstreamPorts: number[], port: number): string {
  const site = readFileSync(siteFile, 'utf8');
  const servers = [...site.matchAll(/^(\s*server )127\.0\.0\.1:\d+( .*;)$/gm)];
  if (servers.length !== upstreamPorts.length) {
    throw new Error(`deploy/nginx.conf lists ${servers.length} instances; the test starts ${upstreamPorts.length}`);
  }
  let index = 0;
  const withUpstreams = site.replace(
    /^(\s*server )127\.0\.0\.1:\d+( .*;)$/gm,
    (_line, head: string, tail: string) => `${head}127.0.0.1:${upstreamPorts[index++]}${tail}`,
  );
  const listens = withUpstreams.match(/^\s*listen 80;$/gm) ?? [];
  if (listens.length !== 1) throw new Error('deploy/nginx.conf should listen on port 80 exactly once');
  return withUpstreams.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

/** Runs nginx in the foreground with deploy/nginx.conf inside a main configuration of its own in `dir`. */
export async function startNginx(dir: string, upstreamPorts: number[], port: number): Promise<Nginx> {
  mkdirSync(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'vocagarden.conf'), siteConfig(upstreamPorts, port));
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format cluster '$msec $request_method $uri $status "$upstream_addr"';
  access_log ${accessLog} cluster;
  client_body_temp_path ${join(dir, 'temp', 'body')};
  proxy_temp_path ${join(dir, 'temp', 'proxy')};
  fastcgi_temp_path ${join(dir, 'temp', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'temp', 'uwsgi')};
  scgi_temp_path ${join(dir, 'temp', 'scgi')};
  include ${join(dir, 'vocagarden.conf')};
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    // A connection, not a request: one proxied to instances not yet up would mark them failed for 5 s.
    if (await canConnect(port)) break;
    if (Date.now() > deadline) throw new Error('nginx did not listen within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const errorLog = join(dir, 'error.log');
  return {
    url,
    errors: () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
    requests: () =>
      (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [at, method, uri, status] = line.split(' ');
          return {
            at: Number(at),
            method: method!,
            uri: uri!,
            status: Number(status),
            upstreams: line
              .slice(line.indexOf('"') + 1, -1)
              .split(/, | : /)
              .filter(Boolean),
          };
        }),
    async stop() {
      // QUIT: the graceful stop; the workers finish what they are sending.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
