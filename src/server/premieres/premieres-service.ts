import { asc, desc, eq } from 'drizzle-orm';
import type { PremiereView } from '../../shared/schemas/admin.js';
import type { Premiere } from '../../shared/schemas/forms.js';
import { isUuid } from '../http/parse.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { uniqueViolation } from '../db/errors.js';
import { premieres } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';

/** The films members can book now, for the movie premiere form. */
export async function listOpenPremieres(ctx: AppContext): Promise<Premiere[]> {
  return ctx.db
    .select({ id: premieres.id, title: premieres.title, showtimes: premieres.showtimes })
    .from(premieres)
    .where(eq(premieres.open, true))
    .orderBy(asc(premieres.title));
}

const toPremiereView = (row: typeof premieres.$inferSelect): PremiereView => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listAllPremieres(ctx: AppContext): Promise<PremiereView[]> {
  const rows = await ctx.db.select().from(premieres).orderBy(desc(premieres.open), asc(premieres.title));
  return rows.map(toPremiereView);
}

export async function createPremiere(ctx: AppContext, staff: AuthUser, input: { title: string; showtimes: string[] }): Promise<PremiereView> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(premieres).values(input).returning();
      if (!row) throw new Error('premiere row was not written');
      await recordAudit(tx, {
        actor: { id: staff.id, email: staff.email },
        action: 'premiere.created',
        subjectType: 'premiere',
        subjectId: row.id,
        details: { title: row.title, showtimes: row.showtimes },
      });
      return toPremiereView(row);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('A premiere with this title already exists');
    throw error;
  }
}

export async function updatePremiere(ctx: AppContext, staff: AuthUser, id: string, input: { open?: boolean; showtimes?: string[] }): Promise<PremiereView> {
  if (!isUuid(id)) throw notFound('Premiere not found');
  return ctx.db.transaction(async (tx) => {
    const changes = { ...(input.open === undefined ? {} : { open: input.open }), ...(input.showtimes ? { showtimes: [...new Set(input.showtimes)] } : {}) };
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(premieres).set(changes).where(eq(premieres.id, id)).returning()
        : await tx.select().from(premieres).where(eq(premieres.id, id));
    if (!row) throw notFound('Premiere not found');
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        actor: { id: staff.id, email: staff.email },
        action: input.open === false ? 'premiere.retired' : 'premiere.updated',
        subjectType: 'premiere',
        subjectId: row.id,
        details: changes,
      });
    }
    return toPremiereView(row);
  });
}
