import type { GenerateFileDownloadUrlRequest } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { getFiles, visibleFile } from './files.service.js';
import { signToken } from './tokens.js';
import { ffmpegAvailable } from './video.js';
import { assetUrl } from './wire.js';

const DEFAULT_MINUTES = 10;

/** One signed link for several files: a ZIP of them (one file: that file, as an attachment). */
export async function generateDownloadUrl(ctx: Ctx, fileIds: string[]): Promise<{ downloadUrl: string }> {
  const ids = [...new Set(fileIds)];
  await getFiles(ctx, ids);
  const e = ctx.clock().getTime() + DEFAULT_MINUTES * 60_000;
  if (ids.length === 1) {
    const row = await visibleFile(ctx, ids[0]!);
    return { downloadUrl: assetUrl(ctx, row, { id: 'original', mimeType: row.mimeType }, { e, d: 'A' }) };
  }
  return {
    downloadUrl: `${ctx.config.publicUrl}/media/v1/zip?t=${signToken(ctx, 'media-download', { f: ids, a: 'zip', e })}`,
  };
}

/**
 * Signed links to a file's renditions that stop working after `expirationInMinutes`; an expired one sends the
 * browser to `expirationRedirectUrl` or answers 410.
 */
export async function generateFileDownloadUrl(
  ctx: Ctx,
  req: GenerateFileDownloadUrlRequest,
): Promise<{ downloadUrls: Array<{ url: string; assetKey: string }> }> {
  const row = await visibleFile(ctx, req.fileId);
  if (row.operationStatus !== 'READY')
    throw new AppError('CONFLICT', 'The file is not ready yet', { applicationCode: 'FILE_NOT_READY' });
  if (req.expirationRedirectUrl !== undefined) {
    const ok = URL.canParse(req.expirationRedirectUrl) && /^https?:$/.test(new URL(req.expirationRedirectUrl).protocol);
    if (!ok) throw violation('expirationRedirectUrl', 'FORMAT', 'must be an http or https URL');
  }
  const keys = req.assetKeys?.length ? [...new Set(req.assetKeys)] : ['original'];
  const assets = keys.map((key, i) => {
    const asset = row.facts.assets.find((a) => a.id === key);
    if (!asset)
      throw violation(
        `assetKeys[${i}]`,
        'INVALID_ENUM_VALUE',
        `this file has no "${key}"; it has ${row.facts.assets.map((a) => a.id).join(', ')}`,
      );
    return asset;
  });
  const e = ctx.clock().getTime() + (req.expirationInMinutes ?? DEFAULT_MINUTES) * 60_000;
  return {
    downloadUrls: assets.map((asset) => ({
      assetKey: asset.id,
      url: assetUrl(ctx, row, asset, {
        e,
        d: req.contentDisposition === 'INLINE' ? 'I' : 'A',
        ...(req.downloadFileName ? { n: req.downloadFileName } : {}),
        ...(req.expirationRedirectUrl ? { r: req.expirationRedirectUrl } : {}),
      }),
    })),
  };
}

/**
 * An HLS or DASH stream of a video. Renditions are made by ffmpeg in the job worker; a server without ffmpeg (or a
 * video whose renditions are not made) says so plainly instead of handing out a link that can't play.
 */
export async function generateVideoStreamUrl(
  ctx: Ctx,
  fileId: string,
  format: 'HLS' | 'DASH' = 'HLS',
): Promise<{ downloadUrl: { url: string; assetKey: string } }> {
  const row = await visibleFile(ctx, fileId);
  if (row.mediaType !== 'VIDEO') throw violation('fileId', 'VALIDATION', 'only videos can be streamed');
  const key = format === 'HLS' ? 'hls' : 'dash';
  const asset = row.facts.assets.find((a) => a.id === key);
  if (!asset)
    throw new AppError(
      'CONFLICT',
      row.operationStatus === 'PENDING'
        ? 'The video is still being prepared; try again in a moment'
        : (await ffmpegAvailable())
          ? `This video has no ${format} stream (it was added before ffmpeg was installed, or could not be converted)`
          : 'Video streams need ffmpeg, which is not installed on this server (see docs/media.md)',
      { applicationCode: 'STREAM_NOT_AVAILABLE' },
    );
  if (row.private && format === 'DASH')
    throw new AppError(
      'CONFLICT',
      'Private videos stream as HLS only (a DASH player cannot carry the signature to its segments)',
      {
        applicationCode: 'STREAM_NOT_AVAILABLE',
      },
    );
  return { downloadUrl: { assetKey: key, url: assetUrl(ctx, row, asset) } };
}
