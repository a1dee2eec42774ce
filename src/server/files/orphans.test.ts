import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app.js';
import { storeFile, sweepOrphanFiles } from './files-service.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

it('removes bytes no record refers to, once they are older than the grace period, and keeps the rest', async () => {
  const { ctx } = portal.app;
  const kept = await storeFile(ctx, ctx.db, { ownerId: null, purpose: 'test', data: Buffer.from('recorded'), mimeType: 'text/plain' });
  await ctx.storage.put('left-by-a-crash', Buffer.from('half an upload'));

  expect(await sweepOrphanFiles(ctx, 60_000)).toBe(0);
  expect((await ctx.storage.list()).map((e) => e.key)).toContain('left-by-a-crash');

  expect(await sweepOrphanFiles(ctx, 0)).toBe(1);
  const keys = (await ctx.storage.list()).map((e) => e.key);
  expect(keys).not.toContain('left-by-a-crash');
  expect(keys).toContain(kept.storageKey);
});
