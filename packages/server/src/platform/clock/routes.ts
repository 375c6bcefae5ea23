import { ClockResponse, MoveClockRequest } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';
import type { ClockControl } from './control.js';

const PATH = '/dev/v1/clock';
// The site owner only: moving time renews subscriptions and ends plans for every shopper.
const route = routeOptions({ tags: ['dev'], errors: errorResponses(), access: { admin: ['OWNER'] } });

/** Registered only with PLAZA_CLOCK_CONTROL=on, so a production node has no such route at all. */
export function clockRoutes(app: App, control: ClockControl): void {
  const answer = () => ({ clock: { now: control.clock().toISOString(), offsetMs: control.offsetMs() } });
  app.get(PATH, route({ summary: "Read this node's clock", response: ClockResponse }), async () => answer());
  app.post(
    PATH,
    route({
      summary: "Move this node's clock forward",
      description:
        'Test and demo nodes (PLAZA_CLOCK_CONTROL=on) only. `advanceBy` days, hours and minutes, or `to` a later ' +
        'moment; due jobs (renewals, expiries) then run on the next poll. Access tokens age with the clock.',
      body: MoveClockRequest,
      response: ClockResponse,
    }),
    async (req) => {
      control.move(req.body);
      return answer();
    },
  );
}
