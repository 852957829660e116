import type { FastifyBaseLogger } from 'fastify';
import type { EditorialService } from './service.js';

/**
 * The scheduler of timed publication: every `intervalMs` (EDITORIAL_SCHEDULER_INTERVAL_SECONDS,
 * 15 s by default; 0 turns it off, as in tests), publishes the scheduled articles whose time has
 * come. Every instance runs it; each article is published once (publishDue claims rows with
 * FOR UPDATE SKIP LOCKED). A run never overlaps the previous one. Returns the stop function.
 */
export function startScheduler(editorial: EditorialService, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = editorial
      .publishDue()
      .then((published) => {
        if (published > 0) log.info({ job: 'editorial scheduler', published }, 'scheduled articles published');
      })
      .catch((err) => log.error({ err, job: 'editorial scheduler' }, 'editorial scheduler failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
