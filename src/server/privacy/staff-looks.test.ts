import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles, submissions, users } from '../db/schema.js';
import { PDF_BYTES, pngBytes } from '../test-support/files.js';
import { createTestApp, signedInStaffAs, signedUpMember } from '../test-support/test-app.js';
import { storeFile } from '../files/files-service.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
let memberId: string;
const stored: Record<'form' | 'slip' | 'profilePic' | 'talentPhoto', string> = { form: '', slip: '', profilePic: '', talentPhoto: '' };
let staff: Record<'admin' | 'finance' | 'moderator', Awaited<ReturnType<typeof signedInStaffAs>>>;

beforeAll(async () => {
  portal = await createTestApp();
  const db = portal.app.ctx.db;
  const { user } = await signedUpMember(portal.app);
  memberId = user.id;
  const keep = (purpose: string, data: Buffer, mimeType: string) => storeFile(portal.app.ctx, db, { ownerId: user.id, purpose, data, mimeType });
  const png = await pngBytes();
  const nationalId = await keep('form:camping', PDF_BYTES, 'application/pdf');
  stored.form = nationalId.id;
  stored.slip = (await keep('payment-slip', PDF_BYTES, 'application/pdf')).id;
  stored.profilePic = (await keep('profile-pic', png, 'image/png')).id;
  stored.talentPhoto = (await keep('talent-photo', png, 'image/png')).id;
  await db.update(users).set({ profilePicFileId: stored.profilePic }).where(eq(users.id, user.id));
  const [submission] = await db.insert(submissions).values({ userId: user.id, form: 'camping', data: {} }).returning();
  await db.insert(submissionFiles).values({ submissionId: submission!.id, fileId: nationalId.id, field: 'nationalId' });
  staff = {
    admin: await signedInStaffAs(portal.app, 'admin'),
    finance: await signedInStaffAs(portal.app, 'finance'),
    moderator: await signedInStaffAs(portal.app, 'moderator'),
  };
});
afterAll(() => portal.close());

describe('a staff look at a stored file', () => {
  it.each([
    ['admin', { form: 200, slip: 200, profilePic: 200, talentPhoto: 200 }],
    ['finance', { form: 403, slip: 200, profilePic: 200, talentPhoto: 403 }],
    ['moderator', { form: 200, slip: 403, profilePic: 200, talentPhoto: 200 }],
  ] as const)('is allowed to %s only for the console areas of the role', async (role, expected) => {
    const answers: Record<string, number> = {};
    for (const [kind, id] of Object.entries(stored)) answers[kind] = (await staff[role].client.get(`/api/files/${id}`)).statusCode;
    expect(answers).toEqual(expected);
  });

  it('refuses with a message saying why, and records no look', async () => {
    const response = await staff.finance.client.get(`/api/files/${stored.form}`);
    expect(response.json().message).toBe('Your staff role does not cover this file.');
    const log = await portal.app.ctx.db.query.fileAccessLog.findMany({ where: (row, { eq: is }) => is(row.staffId, staff.finance.id) });
    expect(log.map((row) => row.filePurpose)).not.toContain('form:camping');
  });
});

describe('the member’s console page', () => {
  it('leaves out the form’s file links for finance, who cannot open them', async () => {
    const body = (await staff.finance.client.get(`/api/admin/members/${memberId}`)).json();
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0].files).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(stored.form);
  });

  it.each(['admin', 'moderator'] as const)('lists them for %s', async (role) => {
    const body = (await staff[role].client.get(`/api/admin/members/${memberId}`)).json();
    expect(body.submissions[0].files).toEqual([{ field: 'nationalId', url: `/api/files/${stored.form}` }]);
  });
});
