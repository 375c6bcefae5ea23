import { AppError } from '../../kernel/errors.js';

/** Whether a database error is a unique violation (of `constraint`, when given), through Drizzle's wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || !!e.message?.includes(constraint);
  }
  return false;
}

export const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `The slug "${slug}" is taken by another member`, {
    applicationCode: 'SLUG_ALREADY_EXISTS',
    data: { slug },
  });

export const loginEmailTaken = () =>
  new AppError('CONFLICT', 'A member with this login e-mail already exists', {
    applicationCode: 'EMAIL_ALREADY_EXISTS',
  });
