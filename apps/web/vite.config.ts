import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Every path the API server owns; the dev server forwards them so the app talks to one origin.
const API_PREFIXES = [
  '/oauth2',
  '/site',
  '/identity',
  '/members',
  '/reviews',
  '/ecom',
  '/media',
  '/redirects',
  '/graphql',
  '/settings',
  '/dev',
  '/health',
  '/openapi.json',
  '/docs',
  '/.well-known',
  '/web',
];

const target = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
// Keys starting with ^ are regexes: match whole path segments, so /members never catches /membership.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [`^${escape(prefix)}(?=/|\\?|$)`, { target, xfwd: true }]),
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
