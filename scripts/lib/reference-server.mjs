// The floor for a signed-in read on this machine: Fastify answering one prepared primary-key
// lookup through pg, with nothing else (no cookies, headers, validation or logging).
// Usage: node scripts/lib/reference-server.mjs <port> <database url>
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query('create table if not exists reference_sessions (id text primary key, user_id uuid not null, expires_at timestamptz not null)');
await pool.query("insert into reference_sessions values ('token', gen_random_uuid(), now() + interval '1 day') on conflict do nothing");

const app = Fastify();
app.get('/', async () => {
  const { rows } = await pool.query({ name: 'session', text: 'select * from reference_sessions where id = $1 and expires_at > now()', values: ['token'] });
  return { session: rows[0] };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
