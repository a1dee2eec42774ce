/**
 * The stand-in Paystack (src/server/test-support/paystack-server.ts) by hand, to try paying online
 * in a browser on this machine:
 *
 *   npx tsx scripts/paystack-stand-in.ts [portal address, default http://127.0.0.1:3000]
 *
 * It prints the two settings to start the portal with; its checkout page has Pay, Pay by bank
 * transfer, Fail and Abandon buttons. Pay posts the signed charge.success webhook to the portal; a
 * bank transfer stays `ongoing` (only a test's completeTransfer finishes it). STAND_IN_PORT
 * (default 4010) and PAYSTACK_SECRET_KEY (default a fixed test key) may be set. Ctrl+C stops it.
 */
import { PaystackStandIn } from '../src/server/test-support/paystack-server.js';

const portal = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const standIn = new PaystackStandIn(process.env.PAYSTACK_SECRET_KEY ?? 'sk_test_stand_in_by_hand');
const baseUrl = await standIn.start(Number(process.env.STAND_IN_PORT ?? 4010));
standIn.webhookUrl = `${portal}/api/payments/paystack/webhook`;
console.log(`Stand-in Paystack on ${baseUrl}; its webhooks go to ${standIn.webhookUrl}.`);
console.log(`Start the portal with:\n\n  PAYSTACK_SECRET_KEY=${standIn.secretKey} PAYSTACK_BASE_URL=${baseUrl} npm start\n`);
process.on('SIGINT', () => void standIn.close().then(() => process.exit(0)));
