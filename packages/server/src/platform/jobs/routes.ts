import { ErrorBody, JobResponse } from '@plaza/contracts';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { getJob } from './service.js';

export function jobRoutes(app: App): void {
  app.get(
    '/jobs/v1/jobs/:jobId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'A background job and its progress',
        description:
          'Bulk member actions and review-request e-mails run as jobs. Poll this for progress and item failures. ' +
          'Owners and contributors see every job; an API key the jobs of its scopes.',
        params: Type.Object({ jobId: Type.String({ format: 'uuid' }) }),
        response: { 200: JobResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: { admin: ['OWNER', 'CONTRIBUTOR'], scope: 'any' } },
    },
    async (req) => ({ job: await getJob(req.ctx, req.params.jobId) }),
  );
}
