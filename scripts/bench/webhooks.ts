// `--only webhooks`: Paystack's signed webhooks, under load and with duplicates.
import os from 'node:os';
import autocannon from 'autocannon';
import { Goals } from '../lib/goals.js';
import { onPortalOfItsOwn } from '../lib/portal-process.js';
import { runSql } from '../../src/server/test-support/scratch-database.js';
import { PaystackStandIn } from '../../src/server/test-support/paystack-server.js';
import { CONNECTIONS, load, quick } from './common.js';

/** A webhook answered within this, at 50 payments confirmed at once (see the webhooks section). */
const WEBHOOK_P99_GOAL_MS = 2000;

const WEBHOOK_FEE_KOBO = 6_050_000;

/**
 * `count` members who each started paying one month online: users and pending Paystack payments
 * written directly (the bench measures the webhook, not sign-up), each transaction started and
 * paid at the stand-in. Answers the references.
 */
async function pendingOnlinePayments(databaseUrl: string, paystack: PaystackStandIn, label: string, count: number): Promise<string[]> {
  const rows = (await runSql(
    databaseUrl,
    `with payers as (
       insert into users (full_name, email, phone, password_hash)
       select 'Bench Payer ' || g, 'bench-pay-${label}-' || g || '@example.com', 'bench-pay-${label}-' || g, 'not-a-hash' from generate_series(1, $1::int) g
       returning id
     )
     insert into payments (user_id, kind, plan, months, amount_kobo, channel, reference)
     select id, 'fee', 'standard', 1, ${WEBHOOK_FEE_KOBO}, 'paystack', 'HM-bench-${label}-' || id from payers
     returning reference`,
    [count],
  )) as { reference: string }[];
  const references = rows.map((row) => row.reference);
  for (let i = 0; i < references.length; i += 100) {
    await Promise.all(
      references.slice(i, i + 100).map(async (reference) => {
        const response = await fetch(`${paystack.baseUrl}/transaction/initialize`, {
          method: 'POST',
          headers: { authorization: `Bearer ${paystack.secretKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email: `${reference}@example.com`, amount: WEBHOOK_FEE_KOBO, reference, callback_url: 'http://127.0.0.1/unused' }),
        });
        if (!response.ok) throw new Error(`the stand-in refused ${reference}: ${response.status}`);
        paystack.settle(reference, 'success');
      }),
    );
  }
  return references;
}

/** Each request the next signed charge.success body of the list (round and round). */
function webhookRequests(paystack: PaystackStandIn, references: string[]): autocannon.Request[] {
  const signed = references.map((reference) => paystack.webhookFor(reference));
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const { body, signature } = signed[next++ % signed.length]!;
        return { ...request, method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } };
      },
    },
  ];
}

/**
 * Paystack's webhooks on a portal of its own: charge.success at 50 connections (each a payment of
 * its own, booked once), then 1,000 webhooks of which 30% repeat one already sent, and the receipts
 * counted in the database: one per payment, whatever the repeats.
 */
export async function paystackWebhooks(goals: Goals): Promise<void> {
  const paystack = new PaystackStandIn();
  await paystack.start();
  try {
    await onPortalOfItsOwn(
      async (portal, databaseUrl) => {
        const url = `${portal.baseUrl}/api/payments/paystack/webhook`;
        console.log(`
Paystack webhooks (signed by the stand-in), ${CONNECTIONS} connections:`);
        const pool = await pendingOnlinePayments(databaseUrl, paystack, 'load', quick ? 3000 : 8000);
        const run = await load('POST /api/payments/paystack/webhook (charge.success)', { url, requests: webhookRequests(paystack, pool) });
        const booked = Number(
          (
            (await runSql(databaseUrl, "select count(*) as n from payments where state = 'approved' and reference like 'HM-bench-load-%'")) as { n: string }[]
          )[0]!.n,
        );
        console.log(`| call | req/s | p99 ms | errors | payments booked |
|---|---:|---:|---:|---:|
| ${run.name} | ${Math.round(run.rps)} | ${run.p99} | ${run.errors} | ${booked} |`);
        console.log(`(load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`);
        // Every confirmation takes the year's next receipt number and holds that counter row until it
        // commits, so receipts have no gaps: 50 payments confirmed at once go one after another. The
        // goal is what a sender needs, every webhook answered 2xx, well inside the seconds a payment
        // service waits, with 50 at once far above the company's load (decision 017).
        goals.checkRuns(`webhooks at ${CONNECTIONS} connections: zero errors, p99 under ${WEBHOOK_P99_GOAL_MS} ms`, [run], () => ({
          measured: `${Math.round(run.rps)} req/s, p99 ${run.p99} ms, ${run.errors} errors`,
          met: run.errors === 0 && run.p99 < WEBHOOK_P99_GOAL_MS,
        }));

        // 700 payments, 1,000 webhooks: each payment once, and 300 repeats of ones already in the list, shuffled.
        const distinct = await pendingOnlinePayments(databaseUrl, paystack, 'dup', 700);
        const sent = [...distinct, ...Array.from({ length: 300 }, (_, i) => distinct[(i * 7) % distinct.length]!)];
        for (let i = sent.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [sent[i], sent[j]] = [sent[j]!, sent[i]!];
        }
        const burst = await autocannon({ url, connections: CONNECTIONS, amount: sent.length, requests: webhookRequests(paystack, sent) });
        const burstErrors = burst.errors + burst.timeouts + burst.non2xx;
        const [counted] = (await runSql(
          databaseUrl,
          `select count(distinct r.id) as receipts, count(distinct p.id) filter (where p.state = 'approved') as approved
         from payments p left join receipts r on r.payment_id = p.id
        where p.reference like 'HM-bench-dup-%'`,
        )) as { receipts: string; approved: string }[];
        const receipts = Number(counted!.receipts);
        console.log(
          `1,000 webhooks (${distinct.length} payments, 300 duplicates) at ${CONNECTIONS} connections: ${burst.requests.total} sent in ${burst.duration.toFixed(1)} s, ${burstErrors} errors, ${receipts} receipts, ${counted!.approved} payments approved (load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
        );
        goals.check(
          '1,000 webhooks with 30% duplicates: one receipt per payment',
          `${receipts} receipts for ${distinct.length} payments, ${burstErrors} errors`,
          receipts === distinct.length && burstErrors === 0 && burst.requests.total === sent.length,
        );
      },
      { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.baseUrl },
    );
  } finally {
    await paystack.close();
  }
}

/** The webhooks section alone (`--only webhooks`). */
export async function webhooksOnly() {
  const goals = new Goals();
  await paystackWebhooks(goals);
  goals.finish();
}
