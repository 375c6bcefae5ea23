import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp, { type OutputInfo, type Stats } from 'sharp';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import type { JobHandlers, JobRun } from '../jobs/index.js';
import { tempDir } from './intake.js';
import { RASTER_FORMATS } from './kinds.js';
import { objectKey, storeOf } from './storage/store.js';
import { mediaFiles as mf, type MediaFacts, type MediaFileRow, type StoredAsset } from './tables.js';
import { toFileDescriptor } from './wire.js';
import { failFile } from './upload.service.js';
import { runImport } from './import.service.js';
import { processAudio, processVideo } from './video.js';

/** Responsive widths made for pictures wider than them (srcset), and the preview's bounding box. */
export const RESPONSIVE_WIDTHS = [400, 800, 1600] as const;
const PREVIEW_BOX = 320;

async function putBuffer(
  ctx: Ctx,
  row: MediaFileRow,
  id: string,
  data: Buffer,
  mimeType: string,
  size?: { width: number; height: number },
): Promise<StoredAsset> {
  await mkdir(tempDir(ctx.config.media), { recursive: true });
  const temp = path.join(tempDir(ctx.config.media), randomUUID());
  await writeFile(temp, data);
  const key = objectKey(row.hash!, row.id, id);
  await storeOf(ctx.config.media).putFile(key, temp, mimeType);
  return { id, key, mimeType, sizeInBytes: data.length, ...(size ?? {}) };
}

/** A picture's preview, responsive sizes (WebP) and prominent colour. */
async function processImage(ctx: Ctx, row: MediaFileRow, original: StoredAsset): Promise<Partial<MediaFacts>> {
  const source = sharp({ failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  (await storeOf(ctx.config.media).read(original.key)).pipe(source);
  const width = row.facts.width ?? 0;
  const outputs = await Promise.all([
    source
      .clone()
      .resize(PREVIEW_BOX, PREVIEW_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true }),
    ...RESPONSIVE_WIDTHS.filter((w) => w < width).map((w) =>
      source.clone().resize({ width: w }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
    ),
    source.clone().stats(),
  ]);
  const stats = outputs.pop() as Stats;
  const [preview, ...sizes] = outputs as Array<{ data: Buffer; info: OutputInfo }>;
  const assets = [
    await putBuffer(ctx, row, 'preview', preview!.data, 'image/webp', {
      width: preview!.info.width,
      height: preview!.info.height,
    }),
  ];
  for (const s of sizes)
    assets.push(
      await putBuffer(ctx, row, `w${s.info.width}`, s.data, 'image/webp', {
        width: s.info.width,
        height: s.info.height,
      }),
    );
  const { r, g, b } = stats.dominant;
  return {
    assets,
    dominantColor: `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    focalPoint: { x: 0.5, y: 0.5 },
  };
}

/** An SVG's preview: a PNG drawn from it (the SVG itself was checked on upload). */
async function processVector(ctx: Ctx, row: MediaFileRow, original: StoredAsset): Promise<Partial<MediaFacts>> {
  const source = sharp({ limitInputPixels: 100_000_000 });
  (await storeOf(ctx.config.media).read(original.key)).pipe(source);
  const out = await source
    .resize(PREVIEW_BOX, PREVIEW_BOX, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    assets: [
      await putBuffer(ctx, row, 'preview', out.data, 'image/png', { width: out.info.width, height: out.info.height }),
    ],
  };
}

async function processPdf(ctx: Ctx, original: StoredAsset): Promise<Partial<MediaFacts>> {
  const chunks: Buffer[] = [];
  for await (const c of await storeOf(ctx.config.media).read(original.key)) chunks.push(c as Buffer);
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.load(Buffer.concat(chunks), { ignoreEncryption: true, updateMetadata: false });
  return { pageCount: pdf.getPageCount() };
}

/**
 * MEDIA_PROCESS: makes a checked upload usable: renditions and type-specific facts, then READY (file_ready). A file
 * whose bytes can't be processed becomes FAILED (file_failed). Runs again safely: a READY file is left alone.
 */
async function processFile({ ctx, payload }: JobRun): Promise<void> {
  const id = String(payload.fileId);
  const [row] = await ctx.db.select().from(mf).where(eq(mf.id, id)).limit(1);
  if (!row || row.operationStatus !== 'PENDING' || !row.hash) return;
  const original = row.facts.assets.find((a) => a.id === 'original')!;
  let extra: Partial<MediaFacts> = {};
  try {
    if (row.mediaType === 'IMAGE' && RASTER_FORMATS.has(row.mimeType)) extra = await processImage(ctx, row, original);
    else if (row.mediaType === 'VECTOR') extra = await processVector(ctx, row, original);
    else if (row.mimeType === 'application/pdf') extra = await processPdf(ctx, original);
    else if (row.mediaType === 'VIDEO') extra = await processVideo(ctx, row, original);
    else if (row.mediaType === 'AUDIO') extra = await processAudio(ctx, original);
  } catch (err) {
    ctx.log.warn({ err, fileId: id }, 'media processing failed');
    await failFile(
      ctx,
      id,
      `The ${row.mediaType === 'DOCUMENT' ? 'document' : 'file'} could not be processed: it may be damaged`,
    );
    return;
  }
  await withTx(ctx, async (tx) => {
    const facts: MediaFacts = { ...row.facts, ...extra, assets: [original, ...(extra.assets ?? [])] };
    const [ready] = await tx.db
      .update(mf)
      .set({ operationStatus: 'READY', facts, updatedDate: ctx.clock() })
      .where(and(eq(mf.id, id), eq(mf.operationStatus, 'PENDING')))
      .returning();
    if (ready)
      await emitEvent(tx, {
        type: 'media.file_descriptor.file_ready',
        entityId: id,
        body: { file: toFileDescriptor(ctx, ready) },
      });
  });
}

export const mediaJobHandlers: JobHandlers = {
  MEDIA_PROCESS: processFile,
  MEDIA_IMPORT: ({ ctx, payload }) => runImport(ctx, String(payload.fileId), payload as never),
};
