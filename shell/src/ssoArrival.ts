// Single sign-on arrival (§4) for every page: the ticket leaves the address bar at once; the apps
// start after the exchange, or after SSO_WAIT_MS at most (they reload on onLoggedIn if it is late).
import { completeSsoArrival } from '@qianyan/shared/core';

export const SSO_WAIT_MS = 4000;

export function settleSsoArrival(maxWaitMs = SSO_WAIT_MS): Promise<void> {
  const arrival = completeSsoArrival();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  return Promise.race([arrival.then(() => undefined), cap]).finally(() => clearTimeout(timer));
}
