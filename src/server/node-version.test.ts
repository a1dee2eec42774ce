import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, unsupportedNode } from './node-version.js';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the supported Node', () => {
  it('refuses an end-of-life Node at start, saying how to get the supported one', () => {
    expect(unsupportedNode('v20.20.2')).toMatch(/Node v20\.20\.2 is not supported: the portal needs Node 24 or later.*npm install/);
    expect(unsupportedNode('v22.22.0')).toMatch(/not supported/);
    expect(unsupportedNode('v24.0.0')).toBeUndefined();
    expect(unsupportedNode('v26.10.0')).toBeUndefined();
  });

  it('is the one package.json, the node development dependency and the image name', () => {
    expect(pkg.engines.node).toBe(`>=${SUPPORTED_NODE_MAJOR}.0.0`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${SUPPORTED_NODE_MAJOR}\\.`));
    const froms = [...readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM node:(\S+)/gm)].map((match) => match[1]);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const tag of froms) expect(tag).toMatch(new RegExp(`^${SUPPORTED_NODE_MAJOR}\\.\\d+\\.\\d+-bookworm-slim$`));
  });

  it('runs these tests: npm test and CI run on the supported Node, not the machine’s own', () => {
    expect(
      unsupportedNode(process.version),
      `this test run is on ${process.version}; run it through npm (npm test, npx vitest) after npm install`,
    ).toBeUndefined();
  });
});
