import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody, UploadResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import { serveAsset, serveZip } from './serve.js';
import { acceptBytes, uploadTarget } from './upload.service.js';

const tags = ['media'];
const TUS_PATH = '/media/v1/tus';

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The TUS server of this process; its callbacks get a system context (the upload token is the authority). */
function makeTus(ctx: Ctx): TusServer {
  const directory = path.join(ctx.config.media.dir, 'tus');
  // TUS answers a thrown error with its status_code and body.
  const problem = (status: number, message: string, code: string) =>
    Object.assign(new Error(message), {
      status_code: status,
      body: JSON.stringify({ message, details: { applicationError: { code, description: message } } }),
    });
  const tokenOf = (metadata: Record<string, string | null> | undefined) => metadata?.uploadToken ?? '';
  return new TusServer({
    path: TUS_PATH,
    datastore: new FileStore({ directory }),
    // Location headers name the public address (a proxy's host, not the socket's).
    generateUrl: (_req, { id }) => `${ctx.config.publicUrl}${TUS_PATH}/${id}`,
    onUploadCreate: async (_req, upload) => {
      try {
        const { row, maxBytes } = await uploadTarget(ctx, tokenOf(upload.metadata));
        if (row.operationStatus !== 'PENDING' || row.hash)
          throw problem(409, 'This file has already been uploaded', 'ALREADY_UPLOADED');
        if (upload.size === undefined)
          throw problem(400, 'Send Upload-Length: the size must be known', 'LENGTH_REQUIRED');
        if (upload.size > maxBytes)
          throw problem(413, `The file is larger than the ${maxBytes} bytes this upload allows`, 'FILE_TOO_LARGE');
        return {};
      } catch (err) {
        if (err instanceof AppError) throw problem(403, err.message, err.options.applicationCode ?? 'FORBIDDEN');
        throw err;
      }
    },
    onUploadFinish: async (_req, upload) => {
      const { row, maxBytes } = await uploadTarget(ctx, tokenOf(upload.metadata));
      const file = path.join(directory, upload.id);
      try {
        const received = { tempPath: file, size: upload.offset, hash: await sha256(file) };
        const descriptor = await acceptBytes(ctx, row, { received }, maxBytes);
        return { status_code: 204, headers: { 'x-plaza-file-id': descriptor.id } };
      } catch (err) {
        if (err instanceof AppError)
          throw problem(
            err.code === 'PAYLOAD_TOO_LARGE' ? 413 : 400,
            err.message,
            err.options.applicationCode ?? err.code,
          );
        throw err;
      } finally {
        await rm(`${file}.json`, { force: true });
      }
    },
  });
}

/**
 * Where bytes arrive: PUT to a signed upload URL, the TUS endpoint, and the serving of files and ZIPs. Bodies are
 * streamed, never parsed: this scope has no body parsers.
 */
export async function mediaUploadRoutes(app: App): Promise<void> {
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    registerPutUploadRoute(scope);
    registerTusRoutes(scope);
    registerServingRoutes(scope);
  });
}

/** PUT of a whole file to a signed upload URL. */
function registerPutUploadRoute(scope: App): void {
  scope.put(
    '/media/v1/upload/:token',
    {
      schema: {
        tags,
        summary: 'Upload the bytes of a file',
        description:
          'The URL comes from generate-upload-url; the body is the file itself. Answers the file (PENDING until processed).',
        params: Type.Object({ token: Type.String({ maxLength: 1000 }) }),
        response: { 200: UploadResponse, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 413: ErrorBody },
      },
      config: { access: 'public' },
    },
    async (req) => {
      const { row, maxBytes } = await uploadTarget(req.ctx, req.params.token);
      const length = Number(req.headers['content-length']);
      if (length > maxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${maxBytes} bytes this upload allows`, {
          applicationCode: 'FILE_TOO_LARGE',
          violations: [{ field: 'file', violatedRule: 'MAX_SIZE', description: `at most ${maxBytes} bytes` }],
        });
      }
      return { file: await acceptBytes(req.ctx, row, { stream: req.raw }, maxBytes) };
    },
  );
}

/** The TUS endpoint for resumable uploads; its server is made on first use. */
function registerTusRoutes(scope: App): void {
  let tus: TusServer | undefined;
  const handleTus = async (req: FastifyRequest, reply: FastifyReply) => {
    tus ??= makeTus({ ...req.ctx, caller: { type: 'NONE' } });
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  };
  const tusRoute = { schema: { hide: true }, config: { access: 'public' as const } };
  scope.route({
    method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: TUS_PATH,
    ...tusRoute,
    handler: handleTus,
  });
  scope.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${TUS_PATH}/:id`,
    ...tusRoute,
    handler: handleTus,
  });
}

/** Serving a file's bytes, and several files as one ZIP. */
function registerServingRoutes(scope: App): void {
  scope.get(
    '/media/v1/f/:fileId/:asset/:name',
    {
      schema: {
        tags,
        summary: 'A file’s bytes',
        description:
          'Public files as they are (cached for a year); private ones only through a signed link (`t`). Range requests work.',
        params: Type.Object({
          fileId: Type.String({ maxLength: 100 }),
          asset: Type.String({ maxLength: 50 }),
          name: Type.String({ maxLength: 300 }),
        }),
        querystring: Type.Object({ t: Type.Optional(Type.String({ maxLength: 4000 })) }),
      },
      config: { access: 'public' },
      compress: false,
    },
    serveAsset,
  );
  scope.get(
    '/media/v1/zip',
    {
      schema: {
        tags,
        summary: 'Several files as one ZIP',
        querystring: Type.Object({ t: Type.String({ maxLength: 8000 }) }),
      },
      config: { access: 'public' },
      compress: false,
    },
    serveZip,
  );
}
