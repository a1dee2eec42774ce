import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const SAFE = {
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')),
  SMTP_URL: 'smtp://mail.example.com:587',
  SESSION_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://portal.example.ng',
  DATABASE_URL: 'postgres://portal@db.example.com/portal',
  PROCESSES: '2',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return 'started';
}

describe('production settings', () => {
  it('starts with safe settings', () => {
    expect(loadConfig(SAFE).processes).toBe(2);
  });

  it('refuses to start with one message naming every unsafe setting', () => {
    const message = refusal({ ...SAFE, SMTP_URL: undefined, SESSION_SECRET: undefined, PUBLIC_URL: undefined, DATABASE_URL: undefined });
    expect(message).toMatch(/^Refusing to start in production:/);
    for (const variable of ['SMTP_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'PROCESSES']) expect(message).toContain(`  ${variable}: `);
    // TRUST_PROXY=true is refused in every environment, by its own rule (config.test.ts).
    expect(refusal({ ...SAFE, TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: true would trust every hop/);
  });

  it('refuses to start without PUBLIC_URL, as the request would choose the links in mail and the sitemap', () => {
    expect(refusal({ ...SAFE, PUBLIC_URL: undefined })).toMatch(
      /^Refusing to start in production:\n {2}PUBLIC_URL: must be set to the portal's public address .*Host/,
    );
  });

  it('allows the embedded database for one process, and anything outside production', () => {
    expect(refusal({ ...SAFE, DATABASE_URL: undefined, PROCESSES: '1' })).toBe('started');
    expect(refusal({ ...SAFE, NODE_ENV: 'development', SMTP_URL: undefined, SESSION_SECRET: undefined, PUBLIC_URL: undefined, DATABASE_URL: undefined })).toBe(
      'started',
    );
  });
});
