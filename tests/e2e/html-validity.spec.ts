import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { MEMBER_PAGES } from '../../src/shared/member-pages';
import { PUBLIC_PAGES } from '../../src/shared/public-pages';
import { expect, journeyBudget, test } from './fixtures';
import { activatedMember } from './helpers';

/**
 * The W3C Nu HTML checker (vnu-jar, a devDependency) over the HTML of every page the server draws
 * (the public pages as a visitor gets them, the member pages drawn with a member's data) and over
 * the stylesheets they link: no error. It is a Java program; the CI machine has Java (OpenJDK 17,
 * in the machine's description: .ci/run installs nothing Java-related), so a missing `java` fails
 * this test with a message rather than skipping it.
 */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** `/talent/:id` needs a listed profile, which a fresh portal has none of: the directory stands for it. */
const VISITOR_PAGES = [...PUBLIC_PAGES.filter((page) => !page.includes(':')), '/verify/HM-999999', '/no-such-page'];
const MEMBER_DRAWN = Object.entries(MEMBER_PAGES)
  .filter(([, page]) => page.drawnOnServer)
  .map(([address]) => address);

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

async function fetchHtml(request: APIRequestContext, address: string): Promise<string> {
  const response = await request.get(address, { headers: { Accept: 'text/html' } });
  // The unknown address is a 404 with its page; every other answers 200.
  expect(response.status(), address).toBe(address === '/no-such-page' ? 404 : 200);
  expect(response.headers()['content-type'], address).toContain('text/html');
  return response.text();
}

test('every drawn page and its stylesheets are valid HTML and CSS (W3C Nu checker)', async ({ page, request, mailbox }) => {
  test.setTimeout(journeyBudget(120_000));
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  expect(java.error, `the Nu HTML checker needs Java on this machine (\`java -version\` failed: ${String(java.error)})`).toBeUndefined();

  const documents = new Map<string, string>();
  for (const address of VISITOR_PAGES) documents.set(`visitor ${address}`, await fetchHtml(request, address));
  await activatedMember(page, mailbox);
  for (const address of MEMBER_DRAWN) documents.set(`member ${address}`, await fetchHtml(page.request, address));
  // A member page that came back as the bare shell would check nothing of the drawn page.
  for (const address of MEMBER_DRAWN) expect(documents.get(`member ${address}`), address).toContain('<main');

  const stylesheets = new Set(
    [...documents.values()].flatMap((html) => [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]!)),
  );
  expect(stylesheets.size).toBeGreaterThan(0);

  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  const files = new Map<string, string>();
  try {
    let n = 0;
    for (const [name, html] of documents) {
      const file = path.join(dir, `page-${++n}.html`);
      writeFileSync(file, html);
      files.set(file, name);
    }
    for (const href of stylesheets) {
      const file = path.join(dir, `style-${++n}.css`);
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      writeFileSync(file, await response.text());
      files.set(file, `stylesheet ${href}`);
    }
    // One JVM for every file: it takes seconds to start.
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--also-check-css', ...files.keys()], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, String(run.error)).toBeUndefined();
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : '';
        return `${files.get(file) ?? file} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ''}`;
      });
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
