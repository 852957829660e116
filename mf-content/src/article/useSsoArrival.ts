/**
 * Single sign-on arrival on /article-info (spec §4 "Single sign-on arrival", §2.1 query
 * `nejmjmedssodata`, and `sg`): exchanging the data parameter for a user belongs to the accounts
 * module (mf-account), which owns the session flows. Until it exposes that exchange, this hook is a
 * deliberate no-op so the page accepts the parameters without acting on them.
 */
export function useSsoArrival(_params: { ssoData: string | null; sg: string | null }): void {
  // Intentionally empty: see the comment above.
}
