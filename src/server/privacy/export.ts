import archiver, { type Archiver } from 'archiver';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { todayInLagos } from '../../shared/dates.js';
import { recordAudit } from '../audit/audit.js';
import type { AuthUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';
import { filePath, MEMBER_TABLES, type MemberTable } from './member-tables.js';

/**
 * Names a staff member in the export by role ("finance"), never by id, name or address: those are
 * the staff member's own. An account that is a member (another member, or staff since made a member)
 * is named by no one (null).
 */
async function staffRoles(db: Executor, ids: (string | null)[]): Promise<(id: string | null) => string | null> {
  // Stryker disable next-line MethodExpression,ConditionalExpression: a null in the list matches no account (`IN (NULL)`); the filter only keeps the type string.
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  // Stryker disable next-line ArrayDeclaration: with no id there is nothing to look up, and whatever stands in the list is never asked for.
  const rows = wanted.length ? await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, wanted)) : [];
  const roles = new Map(rows.map((row) => [row.id, row.role]));
  return (id) => {
    if (id === null) return null;
    const role = roles.get(id);
    if (role === 'member') return null;
    // Every id comes from a column that references users (ON DELETE SET NULL), read in the same
    // snapshot as this lookup, so its account is found; 'staff' only stands for one that is not.
    // Stryker disable next-line StringLiteral: no account can be missing in one snapshot.
    return role ?? 'staff';
  };
}

/** The keys, in the export's rows, of the table's columns that name a staff member. */
function staffKeys({ table, staff }: MemberTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => staff.includes(column))
    .map(([key]) => key);
}

/**
 * Everything the portal holds about one member, table by table as member-tables.ts exports them,
 * with the stored files those rows stand for (their bytes are streamed separately).
 */
export async function memberData(ctx: AppContext, user: AuthUser) {
  const id = user.id;
  const exported = MEMBER_TABLES.flatMap((entry) => ('as' in entry.exported ? [{ how: entry.exported, staff: staffKeys(entry) }] : []));
  // One snapshot on one connection: the tables agree with each other (a payment approved meanwhile
  // is in both payments and receipts, or in neither), and an export holds one connection of the
  // pool, however many tables there are.
  const { read, role } = await ctx.db.transaction(
    async (tx) => {
      const read = [];
      for (const table of exported) read.push({ ...table, rows: await table.how.rows(tx, id) });
      const role = await staffRoles(
        tx,
        read.flatMap(({ rows, staff }) => rows.flatMap((row) => staff.map((key) => row[key] as string | null))),
      );
      return { read, role };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // The member is named as themselves where a staff column names them (the audit trail's actor).
  const named = (value: string | null) => (value === id ? id : role(value));
  const tables: Record<string, unknown> = {};
  for (const { how, staff, rows } of read) {
    const shown = rows.map((row) => {
      const withRoles = { ...row, ...Object.fromEntries(staff.map((key) => [key, named(row[key] as string | null)])) };
      return how.shown ? how.shown(withRoles, id) : withRoles;
    });
    tables[how.as] = how.single ? shown[0] : shown;
  }
  return { tables, files: read.flatMap(({ how, rows }) => how.files?.(rows) ?? []) };
}

const README = (companyName: string, day: string) =>
  [
    `Your data held by ${companyName}, as of ${day}.`,
    '',
    'data/*.json   one file per table, every row about you (dates in UTC, money in kobo: 100 kobo = 1 naira)',
    'files/        the files you uploaded, as stored (photos are kept as WebP after resizing)',
    '',
    'Not included: your password (only a one-way hash is kept, and it is no use to anyone), sign-in',
    'session keys and one-time codes (hashes, deleted after use). Staff appear by role, not by name.',
    'Your rights and how to use them: the privacy page of the portal (/privacy).',
    '',
  ].join('\n');

/**
 * Streams the member's ZIP to the reply: the JSON first, then each file read from storage as a
 * stream and added only once the previous one is written, so neither the ZIP nor the files are
 * ever whole in memory, whatever their number (on disk or S3).
 */
export async function sendExport(ctx: AppContext, reply: FastifyReply, user: AuthUser): Promise<FastifyReply> {
  const data = await memberData(ctx, user);
  await recordAudit(ctx.db, { actor: user, action: 'privacy.export', subjectType: 'user', subjectId: user.id, details: { files: data.files.length } });
  const day = todayInLagos(ctx.clock());
  // zlib's default level, 6.
  const archive = archiver('zip');
  const stop = new AbortController();
  reply.raw.once('close', () => stop.abort());
  void fillArchive(ctx, archive, data, day, stop.signal).catch((error: unknown) => {
    if (!stop.signal.aborted) ctx.log.error({ err: error }, 'export failed mid-stream');
    // The download is cut, not ended as if whole; and not by `archive.abort()`, which waits for
    // archiver's queue to be idle and, with the failed file's task still in it, left it open for ever.
    archive.destroy();
  });
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="my-data-${day}.zip"`)
    .header('Cache-Control', 'private, no-store')
    .send(archive);
}

async function fillArchive(ctx: AppContext, archive: Archiver, data: Awaited<ReturnType<typeof memberData>>, day: string, signal: AbortSignal) {
  archive.append(README(ctx.mailer.brand.companyName, day), { name: 'README.txt' });
  for (const [table, rows] of Object.entries(data.tables)) {
    archive.append(JSON.stringify(rows, null, 2), { name: `data/${table}.json` });
  }
  for (const file of data.files) {
    const { stream } = await ctx.storage.open(file.storageKey);
    try {
      await appended(archive, filePath(file), stream, signal);
    } finally {
      // Read to its end, or left half read when the download stops: closed either way (a file, or S3's connection).
      stream.destroy();
    }
  }
  await archive.finalize();
}

/**
 * Appends `stream` as the entry `name` and resolves once the archive has written it; rejects when
 * the archive or the stream fails (a file that breaks halfway: archiver does not hear its stream's
 * error, which with no listener would end the process) or the member closes the download.
 */
function appended(archive: Archiver, name: string, stream: Readable, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      archive.off('entry', onEntry);
      archive.off('error', done);
      // Stryker disable next-line StringLiteral: a listener left on the signal lives only as long as this download, and finds its promise settled.
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    };
    const onEntry = (entry: { name: string }) => entry.name === name && done();
    // Stryker disable next-line StringLiteral: never shown, the catch in sendExport logs nothing once the member has closed the download.
    const onAbort = () => done(new Error('the member closed the download'));
    archive.on('entry', onEntry);
    archive.once('error', done);
    // Left on the stream: an error after the entry is written then finds a listener that does nothing.
    stream.once('error', done);
    signal.addEventListener('abort', onAbort);
    // Closed while this file was being opened: the listener above will never hear it.
    if (signal.aborted) onAbort();
    // Already compressed (images, PDFs): stored as is, which costs no CPU.
    else archive.append(stream, { name, store: true });
  });
}
