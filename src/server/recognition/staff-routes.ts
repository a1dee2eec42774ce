import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { awardAchievementSchema, memberLevelSchema, welcomeTextSchema } from '../../shared/schemas/recognition.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { awardAchievement, removeAchievement, saveWelcomeText, setLevel } from './recognition-service.js';

const memberParams = z.object({ id: z.string() });
const achievementParams = z.object({ id: z.string(), achievementId: z.string() });

/** Staff set a member's level and award or remove achievements (the members area: admin/routes.ts). */
export function recognitionStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/members/:id/level', { config: { area: 'members' }, schema: { params: memberParams, body: memberLevelSchema } }, async (request) => {
      const level = await setLevel(ctx, staffUser(request), request.params.id, request.body.level);
      return { message: `Level set to ${level}.`, level };
    });

    app.post(
      '/members/:id/achievements',
      { config: { area: 'members' }, schema: { params: memberParams, body: awardAchievementSchema } },
      async (request, reply) =>
        reply
          .status(201)
          .send({ message: 'Achievement awarded.', achievement: await awardAchievement(ctx, staffUser(request), request.params.id, request.body) }),
    );

    app.delete('/members/:id/achievements/:achievementId', { config: { area: 'members' }, schema: { params: achievementParams } }, async (request) => {
      await removeAchievement(ctx, staffUser(request), request.params.id, request.params.achievementId);
      return { message: 'Achievement removed.' };
    });
  };
}

/** The dashboard's welcome text, one for every member (admin settings: admin/routes.ts). */
export function welcomeStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put('/settings/welcome', { config: { area: 'staff' }, schema: { body: welcomeTextSchema } }, async (request) => ({
      message: 'Welcome text saved.',
      text: await saveWelcomeText(ctx, staffUser(request), request.body.text),
    }));
  };
}
