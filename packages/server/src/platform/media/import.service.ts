import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FileDescriptor, ImportFileRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { BlockedAddressError, resolveTarget, type Resolver } from '../../lib/net-guard.js';
import { enqueueJob } from '../jobs/index.js';
import { formatBytes } from './intake.js';
import { mediaTypeOf, TYPE_MAX_BYTES } from './kinds.js';
import { mediaFiles as mf } from './tables.js';
import { acceptBytes, createPendingFile, failFile } from './upload.service.js';
import { toFileDescriptor } from './wire.js';

const MAX_REDIRECTS = 5;
/**
 * Tests swap the resolver or treat one loopback address as public (to play a public site that redirects to a private
 * one); nothing here ever sends traffic outside what the resolver returns.
 */
export const importNet: { resolver?: Resolver; isPublic?: (ip: string) => boolean } = {};
const netOpts = () => ({
  ...(importNet.resolver ? { resolver: importNet.resolver } : {}),
  ...(importNet.isPublic ? { isPublic: importNet.isPublic } : {}),
});

/** The URL to fetch: http(s) only, no credentials in it, with `urlParams` added. A 400 on `url` otherwise. */
function sourceUrl(req: ImportFileRequest, field: string): URL {
  if (!URL.canParse(req.url)) throw violation(field, 'FORMAT', 'must be an absolute http or https URL');
  const url = new URL(req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw violation(field, 'FORMAT', 'must be an http or https URL');
  if (url.username || url.password)
    throw violation(field, 'FORMAT', 'must not carry a user name or password; send urlHeaders');
  for (const [k, v] of Object.entries(req.urlParams ?? {})) url.searchParams.set(k, v);
  return url;
}

const blockedReason = (err: unknown) =>
  err instanceof BlockedAddressError
    ? `${err.message}: imports only fetch public addresses`
    : `The address could not be reached (${(err as Error).message})`;

/**
 * POST /files/import: checks the URL (a private or loopback address is a 400 at once), adds a PENDING file and
 * queues the download; redirects are checked again hop by hop when it runs.
 */
export async function importFile(ctx: Ctx, req: ImportFileRequest, field = 'url'): Promise<FileDescriptor> {
  const url = await checkImportUrl(ctx, req, field);
  return withTx(ctx, (tx) => addImport(tx, req, url));
}

/** The URL an import fetches, checked; resolving its host is a remote call, so never inside a transaction. */
export async function checkImportUrl(ctx: Ctx, req: ImportFileRequest, field = 'url'): Promise<URL> {
  const url = sourceUrl(req, field);
  if (!ctx.config.media.importAllowPrivate) {
    try {
      await resolveTarget(url, { allowPrivate: false, ...netOpts() });
    } catch (err) {
      throw violation(field, 'VALIDATION', blockedReason(err));
    }
  }
  return url;
}

/** The PENDING file of a checked import and its download job, in the caller's transaction. */
export async function addImport(tx: Ctx, req: ImportFileRequest, url: URL): Promise<FileDescriptor> {
  const fileName = decodeURIComponent(url.pathname.split('/').pop() ?? '') || url.hostname;
  const row = await createPendingFile(tx, {
    ...(req.mimeType ? { mimeType: req.mimeType } : {}),
    displayName: req.displayName ?? fileName,
    ...(req.parentFolderId ? { parentFolderId: req.parentFolderId } : {}),
    ...(req.private !== undefined ? { private: req.private } : {}),
    ...(req.labels ? { labels: req.labels } : {}),
    ...(req.externalInfo ? { externalInfo: req.externalInfo } : {}),
    ...(req.filePath ? { filePath: req.filePath } : {}),
    sourceUrl: url.toString(),
  });
  await enqueueJob(tx, {
    kind: 'MEDIA_IMPORT',
    payload: { fileId: row.id, url: url.toString(), headers: req.urlHeaders ?? {} },
  });
  return toFileDescriptor(tx, row);
}

interface Fetched {
  res: http.IncomingMessage;
  url: URL;
}

/** One guarded GET: the host is resolved and checked, and the connection goes to exactly that address. */
async function guardedGet(
  ctx: Ctx,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const target = await resolveTarget(url, {
    allowPrivate: ctx.config.media.importAllowPrivate,
    ...netOpts(),
  });
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(
      url,
      { lookup, signal, headers: { 'user-agent': 'Plaza-Media-Import/1', ...headers } },
      resolve,
    );
    req.on('error', reject);
  });
}

async function follow(ctx: Ctx, start: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Fetched> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const res = await guardedGet(ctx, url, hop === 0 ? headers : {}, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(res.headers.location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new Error('a redirect left http(s)');
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new Error(`the server answered ${status}`);
    }
    return { res, url };
  }
}

/** MEDIA_IMPORT: downloads the file within the time and size limits, then takes it in like an upload. */
export async function runImport(
  ctx: Ctx,
  fileId: string,
  job: { url: string; headers?: Record<string, string> },
): Promise<void> {
  const [row] = await ctx.db.select().from(mf).where(eq(mf.id, fileId)).limit(1);
  if (!row || row.operationStatus !== 'PENDING' || row.hash) return;
  const signal = AbortSignal.timeout(ctx.config.media.importTimeoutMs);
  // A timeout shows up as whatever the connection was doing; say what really happened.
  const whyFailed = (reason: string) =>
    signal.aborted ? `The download took longer than ${ctx.config.media.importTimeoutMs / 1000} s` : reason;
  let fetched: Fetched;
  try {
    fetched = await follow(ctx, new URL(job.url), job.headers ?? {}, signal);
  } catch (err) {
    await failFile(ctx, fileId, whyFailed(blockedReason(err)));
    return;
  }
  // The declared type wins; otherwise the server's, checked against the bytes like any upload.
  const served = fetched.res.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  let current = row;
  if (row.mimeType === 'application/octet-stream' && served && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(served)) {
    const [typed] = await ctx.db
      .update(mf)
      .set({ mimeType: served, mediaType: mediaTypeOf(served) })
      .where(eq(mf.id, fileId))
      .returning();
    current = typed ?? row;
  }
  const max = Math.min(TYPE_MAX_BYTES[mediaTypeOf(current.mimeType)], ctx.config.media.maxBytes);
  const length = Number(fetched.res.headers['content-length']);
  if (length > max) {
    fetched.res.destroy();
    await failFile(ctx, fileId, `The file is larger than ${formatBytes(max)}`);
    return;
  }
  try {
    await acceptBytes(ctx, current, { stream: fetched.res }, max);
  } catch (err) {
    // acceptBytes marked bad bytes FAILED itself; anything else (a dropped connection, the timeout) fails here.
    await failFile(ctx, fileId, whyFailed(`The download failed: ${(err as Error).message}`));
  }
}
