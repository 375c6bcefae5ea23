import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentAliases } from './platform-aliases.js';
import type { App } from './types.js';

/**
 * Query, path and header parameters are listed from a schema's `properties`. A schema without them (a free-form
 * record, as the sign-in callbacks take) would be listed keyword by keyword (`type`, `additionalProperties`…) as
 * if those were parameters, so it is left out of the document; the route still validates with it.
 */
export const documentedSchema: SwaggerTransform = ({ schema, url }) => {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['querystring', 'params', 'headers'] as const) {
    const s = out[part] as { properties?: unknown } | undefined;
    if (s && typeof s === 'object' && !s.properties) delete out[part];
  }
  return { schema: out, url };
};

/** `/openapi.json` is generated from the route schemas; `/docs` renders it as a browsable reference. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    transform: documentedSchema,
    // The hosted platform's paths for the same operations (platform-aliases.ts), on each canonical operation.
    transformObject: (doc) => documentAliases('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
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
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // swagger-ui's own policy (its scripts from its files only), with three changes: never framed; inline styles,
    // which its renderer sets at run time (styles only, on a page without user content); and no forced upgrade to
    // https (it would break the docs of a server on http://localhost).
    staticCSP: true,
    transformStaticCSP: (csp) =>
      csp
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src [^;]*/, "style-src 'self' https: 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
