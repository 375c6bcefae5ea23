import { describeError } from '../../ui/ErrorMessage.js';

/** One sentence for a refused store action (the server's words where it gave some). */
export function describeProblem(error: unknown): string {
  const { title, message } = describeError(error);
  return title === 'Please check what you entered' || title === 'The request was refused'
    ? message
    : `${title}. ${message}`;
}
