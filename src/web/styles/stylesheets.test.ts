import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

// Every stylesheet is plain CSS: an unclosed block would silently nest every later rule under it
// (the browser reads nesting), so a parse error or a rule inside a rule fails here.
const webRoot = fileURLToPath(new URL('..', import.meta.url));

function stylesheetsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return stylesheetsUnder(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

function problemsIn(path: string): string[] {
  const name = relative(webRoot, path);
  try {
    const root = postcss.parse(readFileSync(path, 'utf8'), { from: path });
    const nested: string[] = [];
    root.walkRules((rule: Rule) => {
      if (rule.parent?.type === 'rule') {
        nested.push(`${name}:${rule.source?.start?.line}: "${rule.selector}" is nested inside "${(rule.parent as Rule).selector}"`);
      }
    });
    return nested;
  } catch (error) {
    return [`${name}: ${(error as Error).message}`];
  }
}

describe('stylesheets', () => {
  const stylesheets = stylesheetsUnder(webRoot);

  it('finds the stylesheets', () => {
    expect(stylesheets.length).toBeGreaterThan(10);
  });

  it.each(stylesheets.map((path) => [relative(webRoot, path), path]))('%s parses with every block closed and no rule nested in a rule', (_name, path) => {
    expect(problemsIn(path)).toEqual([]);
  });
});
