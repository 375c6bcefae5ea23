import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { WEB_CLIENT_ID } from '../oauth/index.js';

export function webConfigRoutes(app: App): void {
  app.get(
    '/web/v1/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Runtime config of the bundled web app',
        description: 'The built app gets this inlined into index.html; the Vite dev server fetches it.',
        response: { 200: Type.Object({ clientId: Type.String(), baseUrl: Type.String() }) },
      },
      config: { access: 'public' },
    },
    async () => ({ clientId: WEB_CLIENT_ID, baseUrl: '' }),
  );
}
