import {
  CreateReviewRequestRequest,
  ListReviewRequestsQuery,
  ListReviewRequestsResponse,
  ReviewRequestResponse,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { cancelReviewRequest, createReviewRequest, listReviewRequests } from './requests.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { IdParams, routeOptions } from '../../http/route-options.js';

/** The owner and API keys with `reviews`. */
const access: Access = { admin: ['OWNER'], scope: 'reviews' };

const route = routeOptions({ tags: ['review requests'], errors: errorResponses(404, 409), access });

export function reviewRequestRoutes(app: App): void {
  app.post(
    '/reviews/v1/review-requests',
    route({
      summary: 'Schedule a review-request e-mail',
      description:
        'Mails the contact at `sendDate` (now, or up to a year ahead) a link to review the entity; the link gets ' +
        '`reviewRequestId`, and a review written with it has origin REVIEW_REQUEST.',
      body: CreateReviewRequestRequest,
      response: ReviewRequestResponse,
    }),
    async (req) => ({ reviewRequest: await createReviewRequest(req.ctx, req.body) }),
  );

  app.get(
    '/reviews/v1/review-requests',
    route({
      summary: 'List review requests',
      description: 'Newest first, filtered by status, namespace and entityId.',
      querystring: ListReviewRequestsQuery,
      response: ListReviewRequestsResponse,
    }),
    async (req) => listReviewRequests(req.ctx, req.query),
  );

  app.post(
    '/reviews/v1/review-requests/:id/cancel',
    route({
      summary: 'Cancel a scheduled review request',
      description: 'Only SCHEDULED requests; any other state is a 409 naming it.',
      params: IdParams,
      response: ReviewRequestResponse,
    }),
    async (req) => ({ reviewRequest: await cancelReviewRequest(req.ctx, req.params.id) }),
  );
}
