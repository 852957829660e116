// Gives the browser the main thread before the next piece of start-up work: a task that evaluates
// several apps' modules and mounts them in one go is a long task (input waits for it; Lighthouse's
// total blocking time counts it). Between pieces the browser can paint and handle input.

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/** Resolves in a new task (scheduler.yield where the browser has it, else a message). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
