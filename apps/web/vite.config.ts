import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/cyberapi': apiTarget, '/illustrations': apiTarget } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay in dist for debugging, but no bundle points to them and the server never serves them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Zod and the module that configures it share one chunk, so the configuration runs before
            // any schema is built, whichever chunk builds it (rolldown does not keep the source's
            // execution order across chunks). See src/lib/zod-jitless.ts.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
