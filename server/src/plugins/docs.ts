import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** OpenAPI document built from the route schemas, browsable at /api/docs. */
export default fp(
  async function docsPlugin(app) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Qianyan API',
          description:
            'Every /api reply is `{ code, msg, data }`; code 0 is success. Business errors use HTTP 200 with a non-zero code; ' +
            'rate limiting is HTTP 429 (10029), unexpected faults HTTP 500 (50000). The membership endpoint /index.php uses the provider shape `{ result, msg, … }`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'Token from /api/login/login (also accepted in a `token` header)' },
            releaseToken: { type: 'http', scheme: 'bearer', description: 'A release token of RELEASE_TOKENS (the release service, /api/releases)' },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
