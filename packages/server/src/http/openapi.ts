import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from './types.js';

/** `/openapi.json` is generated from the route schemas; `/docs` renders it as a browsable reference. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Plaza API',
        version: '1',
        description:
          'The Plaza platform API. Errors always have the shape `{ message, details }`; every response carries ' +
          '`x-request-id`. Send visitor/member access tokens as `Authorization: Bearer <token>` and API keys as ' +
          '`Authorization: <key>`.',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
