import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS } from '../../shared/messages.js';
import { profileUpdateSchema } from '../../shared/schemas/users.js';
import { requireUser } from '../auth/guards.js';
import { clearSessionCookie, hashToken, SESSION_COOKIE } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { IMAGE_TYPES } from '../files/file-kinds.js';
import { readMultipart } from '../files/multipart.js';
import { parseBody } from '../http/parse.js';
import { terminateAccount, updateProfile } from './profile-service.js';
import { toUserView } from './user-view.js';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/profile', async (request) => ({ user: toUserView(requireUser(request)) }));

    app.put('/api/users/profile', async (request) => {
      const user = requireUser(request);
      const { fields, files } = await readMultipart(request, { profilePic: { label: 'Profile picture', types: IMAGE_TYPES } });
      const input = parseBody(profileUpdateSchema, fields);
      const sessionId = hashToken(ctx.config.sessionSecret, request.cookies[SESSION_COOKIE] ?? '');
      const updated = await updateProfile(ctx, user, input, files.profilePic, sessionId);
      return { success: true, message: SUCCESS.profileUpdated, user: toUserView(updated) };
    });

    app.delete('/api/users/terminate', async (request, reply) => {
      await terminateAccount(ctx, requireUser(request));
      clearSessionCookie(reply);
      return { message: SUCCESS.terminated };
    });
  };
}
