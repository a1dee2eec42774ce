import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteStaffSchema, staffSettingsSchema, updateStaffSchema } from '../../shared/schemas/staff.js';
import { liftCodeLock, listCodeLocks } from '../auth/wrong-guesses.js';
import { staffUser } from '../auth/guards.js';
import { assertReauthenticated } from '../auth/reauthenticate.js';
import type { AppContext } from '../context.js';
import { inviteStaff, listStaff, updateStaff } from './staff-service.js';
import { readStaffSettings, saveStaffSettings } from '../auth/staff-settings.js';

const staffParams = z.object({ id: z.string() });

/** Admins manage the staff accounts, the staff settings and the accounts held back after wrong guesses (under /api/admin, admin only: admin/routes.ts). */
export function staffStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/staff', { config: { area: 'staff' } }, async () => ({ staff: await listStaff(ctx) }));

    app.post('/staff', { config: { area: 'staff' }, schema: { body: inviteStaffSchema } }, async (request, reply) => {
      const admin = staffUser(request);
      await assertReauthenticated(ctx, admin, request.body.currentPassword);
      return reply.status(201).send({ message: `Invitation sent to ${request.body.email}.`, staff: await inviteStaff(ctx, admin, request.body) });
    });

    app.patch('/staff/:id', { config: { area: 'staff' }, schema: { params: staffParams, body: updateStaffSchema } }, async (request) => {
      const admin = staffUser(request);
      await assertReauthenticated(ctx, admin, request.body.currentPassword);
      const staff = await updateStaff(ctx, admin, request.params.id, request.body);
      return { message: 'Staff member updated.', staff };
    });

    app.get('/code-locks', { config: { area: 'staff' } }, async () => ({ locks: await listCodeLocks(ctx) }));

    app.delete('/code-locks/:userId', { config: { area: 'staff' }, schema: { params: z.object({ userId: z.string() }) } }, async (request) => {
      await liftCodeLock(ctx, staffUser(request), request.params.userId);
      return { message: 'Waits lifted: this account’s passwords and codes are checked at once again.' };
    });

    app.get('/settings', { config: { area: 'staff' } }, async () => readStaffSettings(ctx.db));

    app.put('/settings', { config: { area: 'staff' }, schema: { body: staffSettingsSchema } }, async (request) => ({
      message: 'Settings saved.',
      settings: await saveStaffSettings(ctx, staffUser(request), request.body),
    }));
  };
}
