import { CaptchaChallenge, CaptchaChallengeQuery, CaptchaSettings, ErrorBody } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { captchaSettings, newChallenge } from './service.js';

export function captchaRoutes(app: App): void {
  app.get(
    '/identity/v1/captcha/settings',
    {
      schema: {
        tags: ['captcha'],
        summary: "The site's captcha policy and site keys",
        description:
          'When register and login ask for a captcha (`captchaMode`), and the public site keys of the visible and ' +
          'invisible ALTCHA widgets. Public.',
        response: { 200: CaptchaSettings },
      },
      config: { access: 'public' },
    },
    async (req) => captchaSettings(req.ctx),
  );

  app.get(
    '/identity/v1/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A new ALTCHA proof-of-work challenge',
        description:
          'Point the `altcha` widget (3.x) here, with `?siteKey=` of the visible or invisible variant. The widget ' +
          'solves it and yields a payload; send that in `captchaTokens` as `Recaptcha` (visible) or ' +
          '`InvisibleRecaptcha` (invisible). A challenge expires after 5 minutes and works once. Public.',
        querystring: CaptchaChallengeQuery,
        response: { 200: CaptchaChallenge, 400: ErrorBody },
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return newChallenge(req.ctx, req.query.siteKey);
    },
  );
}
