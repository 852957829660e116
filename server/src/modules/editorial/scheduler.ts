import type { FastifyBaseLogger } from 'fastify';

/** What the scheduler runs: articles (service.ts), lessons and conferences (courses.ts). */
export interface DuePublisher {
  /** Publishes the scheduled items whose time has come; returns how many. */
  publishDue(): Promise<number>;
}

/**
 * The scheduler of timed publication: every `intervalMs` (EDITORIAL_SCHEDULER_INTERVAL_SECONDS,
 * 15 s by default; 0 turns it off, as in tests), publishes the scheduled articles, lessons and
 * conferences whose time has come. Every instance runs it; each item is published once (publishDue
 * claims rows with FOR UPDATE SKIP LOCKED). A run never overlaps the previous one. Returns the stop
 * function.
 */
export function startScheduler(publishers: DuePublisher[], intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | undefined;
  const runAll = async () => {
    let published = 0;
    // One after the other: a failing one does not stop the others.
    for (const publisher of publishers) {
      try {
        published += await publisher.publishDue();
      } catch (err) {
        log.error({ err, job: 'editorial scheduler' }, 'editorial scheduler failed');
      }
    }
    if (published > 0) log.info({ job: 'editorial scheduler', published }, 'scheduled items published');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = runAll().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
