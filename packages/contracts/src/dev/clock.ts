import { Type, type Static } from 'typebox';
import { DateString } from '../common/schema.js';

/**
 * Moving a test or demo node's clock (PLAZA_CLOCK_CONTROL=on): forward by a span, or to a later moment. Time never
 * goes back, so dates already written stay in the past.
 */
export const MoveClockRequest = Type.Object(
  {
    advanceBy: Type.Optional(
      Type.Object(
        {
          days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
          hours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
          minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    to: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type MoveClockRequest = Static<typeof MoveClockRequest>;

export const ClockResponse = Type.Object({
  clock: Type.Object({
    now: DateString,
    /** How far this node runs ahead of real time, in milliseconds. */
    offsetMs: Type.Integer(),
  }),
});
export type ClockResponse = Static<typeof ClockResponse>;
