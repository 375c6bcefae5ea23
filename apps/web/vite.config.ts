import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// A relative import: Vite bundles it into the config (a workspace package would be loaded unbuilt, as .ts).
import { API_PATH_PREFIXES, API_STYLE } from '../../packages/contracts/src/common/paths.js';

const target = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
// Keys starting with ^ are regexes: match whole path segments, so /members never catches /membership.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// API-style paths of other platforms too (`/_api/…`, `/v1/…`, `/site-media/v1/…`): the server answers the hosted
// platform SDK's aliases (http/platform-aliases.ts) or a JSON 404, never this dev server's page.
const proxy: Record<string, ProxyOptions> = Object.fromEntries([
  ...API_PATH_PREFIXES.map((prefix): [string, ProxyOptions] => [
    `^${escape(prefix)}(?=/|\\?|$)`,
    { target, xfwd: true },
  ]),
  [API_STYLE.source, { target, xfwd: true }] satisfies [string, ProxyOptions],
]);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // No modulepreload polyfill: every browser we serve supports it, and the first page's 120 KB budget is tight.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    // GraphiQL's chunk (~750 KB) is the largest and only /graphql/:apiVersion loads it; the storefront's budget is
    // checked by e2e/page-weight.e2e.ts, not by this warning.
    chunkSizeWarningLimit: 800,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
