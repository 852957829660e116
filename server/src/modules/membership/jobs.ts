import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments.js';

/**
 * The reconciler and the renewal scheduler on timers (PAY_RECONCILE_INTERVAL_SECONDS,
 * PAY_RENEWAL_INTERVAL_SECONDS; 0 turns one off, as in tests). A run never overlaps the previous
 * one; several instances may run them at once, which is safe: every change is applied once under
 * row locks, at worst a provider is asked twice.
 */
export function startPaymentJobs(payments: PaymentsService, log: FastifyBaseLogger): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, name: string, run: () => Promise<object>) => {
    if (ms <= 0) return;
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const p = run()
        .then((summary) => {
          if (Object.values(summary).some((v) => typeof v === 'number' && v > 0)) log.info({ job: name, ...summary }, `${name} finished`);
        })
        .catch((err) => log.error({ err, job: name }, `${name} failed`))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(payments.settings.reconcile.intervalMs, 'payment reconciler', () => payments.reconcile());
  every(payments.settings.renewal.intervalMs, 'renewal scheduler', () => payments.runRenewals());
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
