import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/index.js';

/**
 * What an error looks like in the logs: its class, a scrubbed message, the database error code and the stack
 * frames. Never the SQL parameters, the query text, a database error's `detail` (it quotes whole rows) or any
 * other property an error happens to carry: those hold tokens, hashes, codes and e-mail addresses.
 */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** Stack frames only (empty when there are none). */
  stack: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
/** `invalid input syntax for type uuid: "…"` and friends quote the offending value after a colon. */
const QUOTED_VALUE = /: "[^"]*"/g;
/** Long runs of token-like characters (keys, hashes, JWTs, codes). */
const TOKEN_LIKE = /[A-Za-z0-9_\-+/=.$]{24,}/g;

export function scrubText(text: string): string {
  return text
    .replace(QUOTED_VALUE, ': "[value]"')
    .replace(EMAIL, '[email]')
    .replace(TOKEN_LIKE, (m) => (m.includes('/') && !m.includes('$') ? m : '[redacted]'));
}

function stackFrames(err: Error): string {
  if (typeof err.stack !== 'string') return '';
  // The stack's first lines repeat the message (drizzle's includes the query and its parameters): keep frames only.
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.join('\n');
}

export function serializeError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) return { type: typeof value, message: '[not an Error]', stack: '' };
  const code = (value as { code?: unknown }).code;
  const isQueryError = value instanceof DrizzleQueryError || value.message.startsWith('Failed query:');
  const out: LoggedError = {
    type: value.constructor?.name && value.constructor.name !== 'Error' ? value.constructor.name : value.name,
    message: isQueryError ? 'Failed query' : scrubText(value.message),
    stack: stackFrames(value),
  };
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code);
  if (value.cause !== undefined && depth < 3) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

/** Request and reply as logged: the path without its query (it may carry codes and tokens). */
function serializeRequest(req: { method?: string; url?: string; id?: string }) {
  return { method: req.method, url: (req.url ?? '').split('?')[0], id: req.id };
}

function serializeReply(res: { statusCode?: number }) {
  return { statusCode: res.statusCode };
}

const COLORS = { reset: '\u001b[0m', dim: '\u001b[2m', red: '\u001b[31m', yellow: '\u001b[33m' };
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * One readable line per entry for people watching `npm start`: `12:03:04 GET /members/v1/members 200 4 ms` for
 * requests, `12:03:04 WARN message` otherwise, errors followed by their (scrubbed) type and stack.
 */
export function formatPretty(line: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const paint = (text: string, c: keyof typeof COLORS) => (color ? `${COLORS[c]}${text}${COLORS.reset}` : text);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text: string;
  if (req && res && typeof entry.responseTime === 'number') {
    const status = res.statusCode ?? 0;
    const statusText =
      status >= 500 ? paint(String(status), 'red') : status >= 400 ? paint(String(status), 'yellow') : String(status);
    text = `${req.method} ${req.url} ${statusText} ${Math.round(entry.responseTime)} ms`;
  } else {
    const name = LEVEL_NAMES[level] ?? String(level);
    const label = level >= 50 ? paint(name, 'red') : level >= 40 ? paint(name, 'yellow') : name;
    text = `${label} ${typeof entry.msg === 'string' ? entry.msg : (JSON.stringify(entry.msg) ?? '')}`;
    if (req?.url) text += ` (${req.method} ${req.url})`;
    const err = entry.err as LoggedError | undefined;
    if (err)
      text += `\n  ${err.type}: ${err.message}${err.code ? ` [${err.code}]` : ''}${err.stack ? `\n${err.stack}` : ''}`;
  }
  return `${paint(time, 'dim')} ${text}\n`;
}

/** Where log lines go: pino writes one JSON line per call. */
export interface LogDestination {
  write(line: string): void;
}

/** A destination that turns pino's JSON lines into readable ones. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): LogDestination {
  const color = Boolean((out as { isTTY?: boolean }).isTTY) && !process.env.NO_COLOR;
  return { write: (line: string) => void out.write(formatPretty(line, color)) };
}

/**
 * The server's logger options: JSON lines (`LOG_FORMAT=json`, for log collectors) or readable lines (`pretty`),
 * both with the safe error serializer and without authorization headers or cookies.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: LogDestination,
): NonNullable<FastifyServerOptions['logger']> {
  const stream = destination ?? (config.logFormat === 'pretty' ? prettyStream() : undefined);
  return {
    level: config.logLevel,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest, res: serializeReply },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(stream ? { stream } : {}),
  };
}

/** Static files and health checks are only worth a line when debugging (or when they fail). */
const QUIET_PATH = /^\/(assets\/|(health|ready|metrics)(\/|$)|favicon|robots\.txt)/;

/** One line per request, after it is answered (Fastify's own two lines per request are turned off). */
export function logRequest(req: FastifyRequest, reply: FastifyReply): void {
  const path = req.url.split('?')[0] ?? '/';
  const quiet = QUIET_PATH.test(path) && reply.statusCode < 400;
  const entry = { req, res: reply, responseTime: reply.elapsedTime };
  if (quiet) req.log.debug(entry, 'request');
  else req.log.info(entry, 'request');
}
