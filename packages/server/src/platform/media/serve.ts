import { PassThrough } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../kernel/errors.js';
import type { Ctx } from '../../kernel/context.js';
import { storeOf, type ByteRange } from './storage/store.js';
import { mediaFiles as mf } from './tables.js';
import { readToken, type DownloadClaims } from './tokens.js';
import { contentTypeOf } from './video.js';
import { assetFileName } from './wire.js';

/**
 * One `Range: bytes=…` range of a `size`-byte file; undefined for none or several (then the whole file is sent, as
 * RFC 9110 allows), 'unsatisfiable' for a range outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const quote = (name: string) => name.replace(/["\\\r\n]/g, '_');
/** A Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
export const disposition = (kind: 'attachment' | 'inline', name: string) =>
  `${kind}; filename="${quote(name.replace(/[^\x20-\x7e]/g, '_'))}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function signedClaims(
  ctx: Ctx,
  token: string | undefined,
  reply: FastifyReply,
): DownloadClaims | 'expired' | undefined {
  if (!token) return undefined;
  const claims = readToken<DownloadClaims>(ctx, 'media-download', token);
  if (!claims) throw new AppError('FORBIDDEN', 'This link is not valid', { applicationCode: 'INVALID_LINK' });
  if (claims.e <= ctx.clock().getTime()) {
    if (claims.r) {
      void reply.redirect(claims.r, 302);
      return 'expired';
    }
    throw new AppError('GONE', 'This link has expired', { applicationCode: 'LINK_EXPIRED' });
  }
  return claims;
}

/**
 * GET /media/v1/f/:fileId/:asset/:name: a public file's bytes with a year-long cache, or a private file's through a
 * signed link. ETags (the content hash), conditional requests and single byte ranges (video seeking) work for both.
 */
export async function serveAsset(
  req: FastifyRequest<{ Params: { fileId: string; asset: string; name: string }; Querystring: { t?: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const ctx = req.ctx;
  const claims = signedClaims(ctx, req.query.t, reply);
  if (claims === 'expired') return reply;
  const [row] = await ctx.db.select().from(mf).where(eq(mf.id, req.params.fileId)).limit(1);
  if (!row || row.state !== 'OK' || !row.hash) throw notFound('File');
  if (claims && (claims.f !== row.id || claims.a !== req.params.asset))
    throw new AppError('FORBIDDEN', 'This link is for another file', { applicationCode: 'INVALID_LINK' });
  if (!claims && row.private)
    throw new AppError('FORBIDDEN', 'This file is private: open it with a download link', {
      applicationCode: 'PRIVATE_FILE',
    });
  if (!claims && row.operationStatus !== 'READY') throw notFound('File');
  const asset = row.facts.assets.find((a) => a.id === req.params.asset);
  if (!asset) throw notFound('File');
  if (asset.files) return serveStreamPart(req, reply, asset.key, asset.files, row.hash, Boolean(claims));

  const etag = `"${row.hash}-${asset.id}"`;
  reply.header('etag', etag);
  reply.header('accept-ranges', 'bytes');
  reply.header(
    'cache-control',
    claims
      ? `private, max-age=${Math.max(0, Math.floor((claims.e - ctx.clock().getTime()) / 1000))}`
      : 'public, max-age=31536000, immutable',
  );
  reply.header('content-type', asset.mimeType);
  // Whatever a file contains, it never runs as a page of this site.
  reply.header(
    'content-security-policy',
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox",
  );
  const name = claims?.n ?? assetFileName(row, asset);
  reply.header('content-disposition', disposition(claims?.d === 'A' ? 'attachment' : 'inline', name));
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, asset.sizeInBytes);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${asset.sizeInBytes}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file', {
      applicationCode: 'RANGE_NOT_SATISFIABLE',
    });
  }
  const stream = await storeOf(ctx.config.media).read(asset.key, range);
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${asset.sizeInBytes}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(asset.sizeInBytes));
  return reply.send(stream);
}

/**
 * One file of an HLS or DASH rendition (playlist, manifest or segment). Through a signed link, the playlist's segment
 * lines get the same signature, so a private video plays too.
 */
async function serveStreamPart(
  req: FastifyRequest<{ Params: { name: string }; Querystring: { t?: string } }>,
  reply: FastifyReply,
  key: string,
  files: string[],
  hash: string,
  signed: boolean,
): Promise<FastifyReply> {
  const name = req.params.name;
  if (!files.includes(name)) throw notFound('File');
  const stream = await storeOf(req.ctx.config.media).read(`${key}/${name}`);
  reply.header('content-type', contentTypeOf(name));
  reply.header('cache-control', signed ? 'private, max-age=300' : 'public, max-age=31536000, immutable');
  reply.header('etag', `"${hash}-${name}"`);
  if (!signed || !name.endsWith('.m3u8')) return reply.send(stream);
  let text = '';
  for await (const chunk of stream) text += (chunk as Buffer).toString('utf8');
  const t = encodeURIComponent(req.query.t!);
  return reply.send(text.replace(/^(?!#)(\S+)$/gm, (line) => `${line}?t=${t}`));
}

/** GET /media/v1/zip?t=…: the files of a signed many-file link as one ZIP, streamed (stored, not recompressed). */
export async function serveZip(
  req: FastifyRequest<{ Querystring: { t: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const ctx = req.ctx;
  const claims = signedClaims(ctx, req.query.t, reply);
  if (claims === 'expired') return reply;
  if (!claims || !Array.isArray(claims.f))
    throw new AppError('FORBIDDEN', 'This link is not valid', { applicationCode: 'INVALID_LINK' });
  const rows = (await ctx.db.select().from(mf).where(inArray(mf.id, claims.f))).filter(
    (r) => r.state === 'OK' && r.hash,
  );
  if (!rows.length) throw notFound('File');
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const used = new Set<string>();
  void (async () => {
    for (const row of rows) {
      const original = row.facts.assets.find((a) => a.id === 'original');
      if (!original) continue;
      let name = row.displayName;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = row.displayName.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      used.add(name.toLowerCase());
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of await storeOf(ctx.config.media).read(original.key)) entry.push(chunk as Uint8Array);
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', disposition('attachment', claims.n ?? 'files.zip'));
  reply.header('cache-control', 'private, no-store');
  return reply.send(out);
}
