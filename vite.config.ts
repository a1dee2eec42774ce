import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const outDir = 'dist/web';

/**
 * What the service worker keeps at install: the shell, the files index.html names (its script,
 * preloads and styles) and the icons. Not every page's file: a first visit on mobile data would
 * download the whole site; the files a visitor uses are kept as they are used (src/web/sw.ts).
 */
function shellOnly<Entry extends { url: string }>(entries: Entry[]) {
  const shell = readFileSync(`${outDir}/index.html`, 'utf8');
  const named = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || named.has(entry.url)), warnings: [] };
}

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      // The install icons are fetched by the browser when it installs the app, not by a visit.
      includeManifestIcons: false,
      manifest: {
        name: 'Home of Movies, Modelling & Music',
        short_name: 'Home of Movies',
        description: "The home of movies, modelling & music: membership, services and talent for Nigeria's entertainment industry.",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#111827',
        background_color: '#faf7f2',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css}'],
        manifestTransforms: [shellOnly],
      },
    }),
  ],
  build: {
    outDir: `../../${outDir}`,
    emptyOutDir: true,
    sourcemap: false,
    // The server reads which files each member page needs, to preload them with its HTML (server/pages/member-pages.ts).
    manifest: true,
    target: 'es2020',
    // The stylesheet's browsers: the first of each that reads `:is()`. From es2020 (Chrome 80) Vite's
    // CSS minifier, Lightning CSS, wrote a `:-webkit-any()` copy of every `:is()` rule, which is not
    // CSS (the W3C checker's parse error on every page); Chrome 80 to 87 lose only the dimming of a
    // form's inert controls.
    cssTarget: ['chrome88', 'edge88', 'firefox78', 'safari14'],
    rolldownOptions: {
      output: {
        // Two families of small files the form pages load together, one file each: a page's import
        // appends one preload link per file, which Lighthouse measured as a long task on /signup.
        // The form kit's own dependencies (React) stay in their files.
        codeSplitting: {
          groups: [
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]|src[\\/]shared[\\/](dates|ages|display-date|last-answer)\.ts$/ },
            {
              name: 'form-kit',
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]web[\\/]components[\\/]form-controls\.tsx$|src[\\/]web[\\/]lib[\\/](field-errors|lazy-zod-resolver)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The labelled fields and the error line without the form library: the dashboard's
            // termination dialog uses them, and must not download react-hook-form for it.
            { name: 'form-fields', test: /src[\\/]web[\\/]components[\\/]form-(field|error)\.tsx$/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
