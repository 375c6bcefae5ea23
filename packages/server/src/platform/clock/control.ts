import type { MoveClockRequest } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';

/** A clock that runs `offsetMs` ahead of the one it wraps; only `move` changes the offset, and only forward. */
export interface ClockControl {
  clock: () => Date;
  offsetMs: () => number;
  move: (request: MoveClockRequest) => Date;
}

const MINUTE = 60_000;

function refuse(field: string, description: string): never {
  throw new AppError('VALIDATION', `${field}: ${description}`, {
    violations: [{ field, violatedRule: 'VALIDATION', description }],
  });
}

export function controlledClock(base: () => Date): ClockControl {
  let offset = 0;
  const clock = () => new Date(base().getTime() + offset);
  return {
    clock,
    offsetMs: () => offset,
    move(request) {
      if ((request.advanceBy === undefined) === (request.to === undefined))
        refuse('advanceBy', 'give either advanceBy or to');
      const now = clock().getTime();
      let target: number;
      if (request.to !== undefined) {
        target = Date.parse(request.to);
        if (target < now) refuse('to', 'the clock only moves forward');
      } else {
        const { days = 0, hours = 0, minutes = 0 } = request.advanceBy!;
        target = now + ((days * 24 + hours) * 60 + minutes) * MINUTE;
      }
      offset += target - now;
      return clock();
    },
  };
}
