import { ErrorBody, MailboxQuery, MailboxResponse } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { listMailbox } from './service.js';

export function mailRoutes(app: App): void {
  app.get(
    '/dev/v1/mailbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Read the dev mailbox',
        description:
          'Every e-mail the platform stored, newest first: all of them without SMTP_URL, and the sent ones too ' +
          'with it. `?to=ADDRESS` narrows to one recipient. For the owner and API keys with `mailbox.read`.',
        querystring: MailboxQuery,
        response: { 200: MailboxResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: { admin: ['OWNER'], scope: 'mailbox.read' } },
    },
    async (req) => listMailbox(req.ctx, req.query),
  );
}
