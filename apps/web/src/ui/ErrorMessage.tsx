import { Button } from './Button.js';
import { violationsOf, violationToWords } from './formRules.js';

interface Described {
  title: string;
  message: string;
  requestId?: string;
}

/** Turns any thrown value into words; PlazaError (and our config error) carry status and requestId. */
export function describeError(error: unknown): Described {
  const e = (error ?? {}) as { status?: unknown; message?: unknown; requestId?: unknown; name?: unknown };
  const requestId = typeof e.requestId === 'string' && e.requestId ? e.requestId : undefined;
  // A refused form says what to fix in words; the server's message may quote a pattern or a field path.
  const problems = [...new Set(violationsOf(error).map((v) => violationToWords(v, undefined)))];
  if (problems.length) return { title: 'Please check what you entered', message: problems.join(' '), requestId };
  const message = typeof e.message === 'string' && e.message ? e.message : 'Something went wrong.';
  if (typeof e.status === 'number') {
    const title =
      e.status >= 500
        ? 'The server had a problem'
        : e.status === 404
          ? 'Not found'
          : e.status === 401 || e.status === 403
            ? 'Not allowed'
            : 'The request was refused';
    return { title, message, requestId };
  }
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (e.name === 'TypeError') {
    return { title: 'Could not reach the server', message: 'Check your connection and try again.', requestId };
  }
  return { title: 'Something went wrong', message, requestId };
}

export interface ErrorMessageProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorMessage({ error, onRetry, retrying }: ErrorMessageProps) {
  const { title, message, requestId } = describeError(error);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {requestId && (
        <p className="mt-2 text-xs text-red-800">
          Request id: <code className="rounded bg-white/70 px-1 py-0.5 font-mono select-all">{requestId}</code>
          <span className="sr-only">. Quote it when you report this problem.</span>
        </p>
      )}
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
