// Operator commands for payments (run from the repo root):
//   npm run reconcile -w @qianyan/server               ask the providers about unpaid payments, fulfil or close them
//   npm run renew -w @qianyan/server                   charge the continuous plans that are due
//   npm run refund -w @qianyan/server -- <ordersn> [reason]   refund a paid order and take back its membership
// They use the same configuration as the server (DATABASE_URL, PAY_PROVIDER, keys). With the embedded
// PGlite database, stop the server first: PGlite is one process's database.
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, defaultPaymentSettings, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createPaymentProviders } from '../../providers/payment/index.js';
import { PayRefusal } from './messages.js';
import { createPaymentsService } from './payments.js';
import { createMembershipService } from './service.js';

/** Warnings and errors to stderr (the service logs provider failures there). */
function consoleLog(): FastifyBaseLogger {
  const write = (obj: unknown, msg?: string) => console.error(msg ?? '', typeof obj === 'object' ? JSON.stringify(obj, (_k, v) => (v instanceof Error ? v.message : v)) : obj);
  const quiet = () => {};
  const log = { error: write, fatal: write, warn: write, info: quiet, debug: quiet, trace: quiet, silent: quiet, level: 'warn', child: () => log };
  return log as unknown as FastifyBaseLogger;
}

const USAGE = 'usage: cli.ts reconcile | renew | refund <ordersn> [reason]';

const [command, ...args] = process.argv.slice(2);
let exitCode = 0;
try {
  if (!['reconcile', 'renew', 'refund'].includes(command ?? '')) throw new PayRefusal(USAGE);
  if (command === 'refund' && !args[0]) throw new PayRefusal(`refund needs the order number (ordersn). ${USAGE}`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 });
  const log = consoleLog();
  const settings = config.payments ?? defaultPaymentSettings();
  const providers = createPaymentProviders(settings, database.db, config.now);
  try {
    await database.migrate();
    const payments = createPaymentsService({
      db: database.db,
      now: config.now,
      settings,
      providers,
      membership: createMembershipService({ db: database.db, now: config.now }),
      log,
    });
    if (command === 'reconcile') console.log('reconciled', JSON.stringify(await payments.reconcile(1000)));
    if (command === 'renew') console.log('renewals', JSON.stringify(await payments.runRenewals(1000)));
    if (command === 'refund') {
      const { order, revokedMs, providerStatus } = await payments.refundOrder(args[0]!, args.slice(1).join(' ') || '会员退款');
      console.log(
        `refunded ${order.ordersn} (${(order.priceFen / 100).toFixed(2)} yuan, provider ${providerStatus}); membership taken back: ${(revokedMs / 86_400_000).toFixed(2)} days`,
      );
    }
  } finally {
    providers.sandbox?.stopRetries();
    await database.close();
  }
} catch (err) {
  exitCode = 1;
  if (err instanceof ConfigError || err instanceof PayRefusal) console.error(err.message);
  else console.error(err);
}
process.exit(exitCode);
