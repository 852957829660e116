import fp from 'fastify-plugin';
import { AppError, Messages } from '../lib/errors.js';
import { containsControlCharacter, hasControlCharacter } from '../lib/inputLimits.js';

/**
 * One rule for every route, with or without a schema: a request whose query, path parameters,
 * headers or parsed body hold a C0 control character (NUL among them; tab, CR and LF allowed) is
 * refused with the parameter error before any hook or handler reads it. PostgreSQL refuses NUL in
 * text, so without this rule such a string became an unexpected fault wherever it reached a query.
 * Raw (string) bodies are left to their routes: the payment notifications verify a signature over
 * the exact bytes first.
 */
export default fp(
  async function inputGuardPlugin(app) {
    app.addHook('onRequest', async (request) => {
      for (const value of Object.values(request.headers)) {
        if (typeof value === 'string' ? hasControlCharacter(value) : value?.some(hasControlCharacter)) {
          throw AppError.badParameter(Messages.badParameter);
        }
      }
      if (containsControlCharacter(request.query) || containsControlCharacter(request.params)) {
        throw AppError.badParameter(Messages.badParameter);
      }
    });
    app.addHook('preValidation', async (request) => {
      if (typeof request.body === 'object' && containsControlCharacter(request.body)) {
        throw AppError.badParameter(Messages.badParameter);
      }
    });
  },
  { name: 'inputGuard', dependencies: ['errors'] },
);
