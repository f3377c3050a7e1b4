// `npm run dev`: the API with reload on port 3001 (tsx watch) and Vite on 3000 proxying /cyberapi to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    // Links in emails point at the Vite server, which is where the pages are.
    env: {
      PUBLIC_URL: `http://localhost:${process.env.PORT ?? '3000'}`,
      ...process.env,
      PORT: apiPort,
      WEB_DIST_DIR: '/nonexistent',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vocagarden/web', '--', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
