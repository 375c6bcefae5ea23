import type { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { ROOT_FOLDER_IDS, type FileDescriptor, type GenerateUploadUrlRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../events/index.js';
import { enqueueJob } from '../jobs/index.js';
import { isManager, uploaderOf } from './access.js';
import { checkParent, ensureFolderPath } from './folders.service.js';
import { formatBytes, inspect, IntakeError, receive, type Received } from './intake.js';
import { fileNameProblem, mediaTypeOf, TYPE_MAX_BYTES, VISITOR_MAX_BYTES } from './kinds.js';
import { objectKey, storeOf } from './storage/store.js';
import { mediaFiles as mf, type MediaFileRow } from './tables.js';
import { readToken, signToken, type UploadClaims } from './tokens.js';
import { toFileDescriptor } from './wire.js';

/** What a new file starts from: an upload's fields or an import's. */
export interface NewFile extends Partial<Omit<GenerateUploadUrlRequest, 'mimeType'>> {
  mimeType?: string;
  displayName?: string;
  sourceUrl?: string;
}

/** The most bytes a file of this caller and declared type may have. */
export function maxBytesFor(ctx: Ctx, mimeType: string | undefined, declared?: number): number {
  const typeMax = mimeType ? TYPE_MAX_BYTES[mediaTypeOf(mimeType)] : ctx.config.media.maxBytes;
  const callerMax = isManager(ctx.caller) ? Infinity : VISITOR_MAX_BYTES;
  return Math.min(typeMax, callerMax, ctx.config.media.maxBytes, declared ?? Infinity);
}

/**
 * A PENDING file row for an upload or import about to arrive. Visitors and members always upload into the visitor
 * uploads folder (pictures only, a few a day); everyone else into the folder they name (default the root).
 */
export async function createPendingFile(ctx: Ctx, req: NewFile): Promise<MediaFileRow> {
  if (req.fileName !== undefined) {
    const problem = fileNameProblem(req.fileName);
    if (problem) throw violation('fileName', 'FORMAT', problem);
  }
  const manager = isManager(ctx.caller);
  const me = uploaderOf(ctx.caller);
  const now = ctx.clock();
  if (!manager) {
    if (req.parentFolderId && req.parentFolderId !== ROOT_FOLDER_IDS.VISITOR_UPLOADS_ROOT)
      throw new AppError('FORBIDDEN', 'Visitors and members can upload only into the visitor uploads folder', {
        applicationCode: 'FOLDER_NOT_ALLOWED',
      });
    if (req.mimeType && mediaTypeOf(req.mimeType) !== 'IMAGE')
      throw violation('mimeType', 'VALIDATION', 'only pictures can be uploaded here');
    const [used] = await ctx.db
      .select({ n: count() })
      .from(mf)
      .where(and(eq(mf.uploaderId, me.uploaderId!), gt(mf.createdDate, new Date(now.getTime() - 86_400_000))));
    if ((used?.n ?? 0) >= ctx.config.media.visitorDailyFiles)
      throw new AppError(
        'RATE_LIMITED',
        `At most ${ctx.config.media.visitorDailyFiles} uploads a day; try again tomorrow`,
        {
          applicationCode: 'UPLOAD_QUOTA_EXCEEDED',
        },
      );
  }
  const declared = req.sizeInBytes !== undefined ? Number(req.sizeInBytes) : undefined;
  const max = maxBytesFor(ctx, req.mimeType);
  if (declared !== undefined && declared > max)
    throw violation('sizeInBytes', 'MAX_SIZE', `this kind of file can be at most ${formatBytes(max)}`);
  return withTx(ctx, async (tx) => {
    let folder = manager
      ? await checkParent(tx, req.parentFolderId ?? ROOT_FOLDER_IDS.MEDIA_ROOT)
      : ROOT_FOLDER_IDS.VISITOR_UPLOADS_ROOT;
    if (manager && req.filePath) folder = await ensureFolderPath(tx, folder, req.filePath);
    const id = uuidv7(now.getTime()).replaceAll('-', '');
    const [row] = await tx.db
      .insert(mf)
      .values({
        id,
        displayName: (req.displayName ?? req.fileName ?? 'Untitled').trim().slice(0, 200),
        mimeType: req.mimeType ?? 'application/octet-stream',
        mediaType: mediaTypeOf(req.mimeType ?? 'application/octet-stream'),
        sizeInBytes: declared ?? 0,
        private: req.private ?? false,
        parentFolderId: folder,
        labels: [...new Set((req.labels ?? []).map((l) => l.trim()).filter(Boolean))],
        ...(req.externalInfo ? { externalInfo: req.externalInfo } : {}),
        ...(req.sourceUrl ? { sourceUrl: req.sourceUrl } : {}),
        operationStatus: 'PENDING',
        ...me,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    await emitEvent(tx, { type: 'media.file_descriptor.created', entityId: id, entity: toFileDescriptor(ctx, row!) });
    return row!;
  });
}

/** Marks a file FAILED with the reason the owner will read, and tells subscribers. */
export async function failFile(ctx: Ctx, id: string, reason: string): Promise<MediaFileRow | undefined> {
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db
      .update(mf)
      .set({ operationStatus: 'FAILED', failureReason: reason, updatedDate: ctx.clock() })
      .where(and(eq(mf.id, id), eq(mf.operationStatus, 'PENDING')))
      .returning();
    if (row)
      await emitEvent(tx, {
        type: 'media.file_descriptor.file_failed',
        entityId: id,
        body: { file: toFileDescriptor(ctx, row) },
      });
    return row;
  });
}

/**
 * Takes the bytes of a PENDING file (an upload's body, a finished resumable upload, an import's download): checks
 * them, stores the original and queues processing. Bad bytes make the file FAILED with the reason; the answer is the
 * file either way. A second upload to a file that already has its bytes is a 409.
 */
export async function acceptBytes(
  ctx: Ctx,
  row: MediaFileRow,
  source: { stream: Readable } | { received: Received },
  maxBytes: number,
): Promise<FileDescriptor> {
  if (row.operationStatus !== 'PENDING' || row.hash)
    throw new AppError('CONFLICT', 'This file has already been uploaded', { applicationCode: 'ALREADY_UPLOADED' });
  let received: Received | undefined;
  try {
    received = 'received' in source ? source.received : await receive(ctx.config.media, source.stream, maxBytes);
    if (received.size > maxBytes)
      throw new IntakeError(`The file is larger than ${formatBytes(maxBytes)}`, 'TOO_LARGE');
    const facts = await inspect(
      ctx.config.media,
      received,
      row.mimeType,
      isVisitorRow(row) ? { imagesOnly: true, maxBytes } : { maxBytes },
    );
    const key = objectKey(received.hash, row.id, 'original');
    await storeOf(ctx.config.media).putFile(key, received.tempPath, facts.mimeType);
    const stored = await withTx(ctx, async (tx) => {
      const [updated] = await tx.db
        .update(mf)
        .set({
          hash: received!.hash,
          sizeInBytes: received!.size,
          mimeType: facts.mimeType,
          mediaType: facts.mediaType,
          facts: {
            ...(facts.width ? { width: facts.width, height: facts.height } : {}),
            ...(facts.sanitized ? { sanitized: true } : {}),
            assets: [
              {
                id: 'original',
                key,
                mimeType: facts.mimeType,
                sizeInBytes: received!.size,
                ...(facts.width ? { width: facts.width, height: facts.height } : {}),
              },
            ],
          },
          updatedDate: ctx.clock(),
        })
        .where(and(eq(mf.id, row.id), eq(mf.operationStatus, 'PENDING'), isNull(mf.hash)))
        .returning();
      if (updated) await enqueueJob(tx, { kind: 'MEDIA_PROCESS', payload: { fileId: row.id } });
      return updated;
    });
    if (!stored) {
      // Another upload of the same file finished first: keep its bytes, drop ours.
      await storeOf(ctx.config.media)
        .delete(key)
        .catch(() => {});
      throw new AppError('CONFLICT', 'This file has already been uploaded', { applicationCode: 'ALREADY_UPLOADED' });
    }
    return toFileDescriptor(ctx, stored);
  } catch (err) {
    if (received) await rm(received.tempPath, { force: true });
    if (!(err instanceof IntakeError)) throw err;
    const failed = await failFile(ctx, row.id, err.reason);
    throw new AppError(err.code === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION', err.reason, {
      applicationCode: `FILE_${err.code}`,
      ...(failed ? { data: { file: toFileDescriptor(ctx, failed) } } : {}),
    });
  }
}

const isVisitorRow = (row: MediaFileRow) => row.uploaderType === 'VISITOR' || row.uploaderType === 'MEMBER';

const DIRECT_URL_MINUTES = 30;
const RESUMABLE_URL_HOURS = 24;

/** A PENDING file and the URL its bytes go to (PUT, within 30 minutes). */
export async function generateUploadUrl(
  ctx: Ctx,
  req: GenerateUploadUrlRequest,
): Promise<{ uploadUrl: string; file: FileDescriptor }> {
  const row = await createPendingFile(ctx, req);
  const claims: UploadClaims = {
    f: row.id,
    e: ctx.clock().getTime() + DIRECT_URL_MINUTES * 60_000,
    m: maxBytesFor(ctx, req.mimeType, req.sizeInBytes !== undefined ? Number(req.sizeInBytes) : undefined),
  };
  return {
    uploadUrl: `${ctx.config.publicUrl}/media/v1/upload/${signToken(ctx, 'media-upload', claims)}`,
    file: toFileDescriptor(ctx, row),
  };
}

/** A PENDING file and a TUS endpoint with the token that lets one resumable upload in (for a day). */
export async function generateResumableUploadUrl(
  ctx: Ctx,
  req: GenerateUploadUrlRequest,
): Promise<{ uploadProtocol: 'TUS'; uploadUrl: string; uploadToken: string; file: FileDescriptor }> {
  const row = await createPendingFile(ctx, req);
  const claims: UploadClaims = {
    f: row.id,
    e: ctx.clock().getTime() + RESUMABLE_URL_HOURS * 3_600_000,
    m: maxBytesFor(ctx, req.mimeType, req.sizeInBytes !== undefined ? Number(req.sizeInBytes) : undefined),
  };
  return {
    uploadProtocol: 'TUS',
    uploadUrl: `${ctx.config.publicUrl}/media/v1/tus`,
    uploadToken: signToken(ctx, 'media-upload', claims),
    file: toFileDescriptor(ctx, row),
  };
}

/** The file and limit an upload token is for, if it is one of ours and still valid; a 403 otherwise. */
export async function uploadTarget(ctx: Ctx, token: string): Promise<{ row: MediaFileRow; maxBytes: number }> {
  const claims = readToken<UploadClaims>(ctx, 'media-upload', token);
  if (!claims || claims.e <= ctx.clock().getTime())
    throw new AppError('FORBIDDEN', 'This upload link is not valid or has expired; ask for a new one', {
      applicationCode: 'INVALID_UPLOAD_URL',
    });
  const [row] = await ctx.db.select().from(mf).where(eq(mf.id, claims.f)).limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'This upload link is not valid', { applicationCode: 'INVALID_UPLOAD_URL' });
  return { row, maxBytes: claims.m };
}
