import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built web app's shell as `npm run build` lays it out (one entry script, the page slot), with a manifest of its chunks. */
export function builtWebRoot(name: string, manifest: Record<string, unknown> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>shell</title><meta name="description" content="d"><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"><!--page--><main>Loading...</main><!--/page--></div></body></html>',
  );
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js' }, ...manifest }));
  return root;
}
