// Every string a user sees that the product specification fixes (§5, §8). Keep them exact:
// tests import these constants to assert the text users get. The list itself is the server's
// (server/src/lib/specMessages.ts, plain TypeScript without imports), so that the replies the
// server sends and the text the apps show come from one place.
export { MSG } from '../../server/src/lib/specMessages';
export type { MessageKey } from '../../server/src/lib/specMessages';
