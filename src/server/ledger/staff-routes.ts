import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINES } from '../../shared/fines.js';
import { formatNaira } from '../../shared/money.js';
import { recordFineSchema } from '../../shared/schemas/ledger.js';
import { memberForStaff } from '../members/member-target.js';
import { staffUser } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { recordFine } from './fines.js';
import { memberAccount } from './ledger-service.js';

const memberParams = z.object({ id: z.uuid({ error: 'Member not found' }) });

/** A member's ledger from the console, and fines (under /api/admin, behind the staff hook: admin/routes.ts). */
export function ledgerStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/members/:id/ledger', { config: { area: 'membership' }, schema: { params: memberParams } }, async (request) => {
      const member = await memberForStaff(ctx.db, request.params.id);
      return memberAccount(ctx, member.id);
    });

    // Money: a retried request with its Idempotency-Key books the fine once (idempotency/).
    app.post(
      '/members/:id/fines',
      { config: { area: 'membership', idempotent: true }, schema: { params: memberParams, body: recordFineSchema } },
      async (request, reply) => {
        const { type, reason } = request.body;
        const fine = await recordFine(ctx, staffUser(request), request.params.id, type, reason);
        return reply.status(201).send({ message: `Fine of ${formatNaira(FINES[type].amountKobo)} recorded. The member has been told.`, fineId: fine.id });
      },
    );
  };
}
