import type { FileDescriptor, FileMedia, MediaAsset, MediaType } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { isIcon } from './kinds.js';
import type { MediaFileRow, StoredAsset } from './tables.js';
import { signToken, type DownloadClaims } from './tokens.js';

/** How long the signed URLs inside a private file's descriptor work. */
export const DESCRIPTOR_URL_MINUTES = 60;

const ext = (mime: string) =>
  mime
    .split('/')[1]
    ?.replace(/^svg\+xml$/, 'svg')
    .replace(/[^a-z0-9]/g, '') ?? 'bin';

/** The name an asset is served under (the last path part of its URL: what a browser saves it as). */
export function assetFileName(
  row: Pick<MediaFileRow, 'displayName' | 'mimeType'>,
  asset: Pick<StoredAsset, 'id' | 'mimeType' | 'files'>,
) {
  if (asset.id === 'original') return row.displayName;
  // A stream's URL names its entry file (index.m3u8, manifest.mpd); the segments sit next to it.
  if (asset.files?.length) return asset.files[0]!;
  const base = row.displayName.replace(/\.[^.]*$/, '') || 'file';
  return `${base}-${asset.id}.${ext(asset.mimeType)}`;
}

/**
 * The URL of one asset. Public files' URLs are permanent (cacheable for a year: the bytes under an id never change);
 * a private file's carry a signature that stops working at `expires`.
 */
export function assetUrl(
  ctx: Ctx,
  row: Pick<MediaFileRow, 'id' | 'private' | 'displayName' | 'mimeType'>,
  asset: Pick<StoredAsset, 'id' | 'mimeType' | 'files'>,
  signed?: Omit<DownloadClaims, 'f' | 'a'>,
): string {
  const base = `${ctx.config.publicUrl}/media/v1/f/${encodeURIComponent(row.id)}/${asset.id}/${encodeURIComponent(assetFileName(row, asset))}`;
  if (!row.private && !signed) return base;
  const claims: DownloadClaims = {
    f: row.id,
    a: asset.id,
    e: signed?.e ?? ctx.clock().getTime() + DESCRIPTOR_URL_MINUTES * 60_000,
    ...(signed?.d ? { d: signed.d } : {}),
    ...(signed?.n ? { n: signed.n } : {}),
    ...(signed?.r ? { r: signed.r } : {}),
  };
  return `${base}?t=${signToken(ctx, 'media-download', claims)}`;
}

export function toFileDescriptor(ctx: Ctx, row: MediaFileRow): FileDescriptor {
  const expires = row.private ? ctx.clock().getTime() + DESCRIPTOR_URL_MINUTES * 60_000 : undefined;
  const expiry = expires ? { urlExpirationDate: new Date(expires).toISOString() } : {};
  const toAsset = (a: StoredAsset): MediaAsset => ({
    id: a.id,
    url: assetUrl(ctx, row, a, expires ? { e: expires } : undefined),
    ...(a.width ? { width: a.width, height: a.height } : {}),
    filename: assetFileName(row, a),
    sizeInBytes: String(a.sizeInBytes),
    format: ext(a.mimeType),
    ...expiry,
  });
  const assets = row.facts.assets;
  const original = assets.find((a) => a.id === 'original') ?? {
    id: 'original',
    key: '',
    mimeType: row.mimeType,
    sizeInBytes: row.sizeInBytes,
  };
  const preview = assets.find((a) => a.id === 'preview');
  const originalAsset = {
    ...toAsset(original),
    ...(row.facts.width ? { width: row.facts.width, height: row.facts.height } : {}),
  };
  return {
    id: row.id,
    displayName: row.displayName,
    url: originalAsset.url,
    ...(row.hash ? { hash: row.hash } : {}),
    sizeInBytes: String(row.sizeInBytes),
    mimeType: row.mimeType,
    mediaType: row.mediaType as MediaType,
    media:
      row.operationStatus === 'READY' ? mediaOf(row, originalAsset, preview && toAsset(preview), assets, toAsset) : {},
    operationStatus: row.operationStatus as FileDescriptor['operationStatus'],
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(row.sourceUrl ? { sourceUrl: row.sourceUrl } : {}),
    ...(preview ? { thumbnailUrl: toAsset(preview).url } : {}),
    labels: row.labels,
    parentFolderId: row.parentFolderId,
    private: row.private,
    state: row.state as FileDescriptor['state'],
    publishStatus: 'UNDEFINED',
    ...(row.externalInfo ? { externalInfo: row.externalInfo } : {}),
    ...expiry,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    ...(row.lastUsedDate ? { lastUsedDate: row.lastUsedDate.toISOString() } : {}),
  };
}

function mediaOf(
  row: MediaFileRow,
  original: MediaAsset,
  preview: MediaAsset | undefined,
  assets: StoredAsset[],
  toAsset: (a: StoredAsset) => MediaAsset,
): FileMedia {
  const f = row.facts;
  const withPreview = preview ? { previewImage: preview } : {};
  switch (row.mediaType as MediaType) {
    case 'IMAGE':
      return {
        image: {
          image: original,
          ...withPreview,
          responsiveImages: assets.filter((a) => /^w\d+$/.test(a.id)).map(toAsset),
          faces: [],
          focalPoint: f.focalPoint ?? { x: 0.5, y: 0.5 },
          ...(f.dominantColor ? { colors: { prominent: { hex: f.dominantColor } } } : {}),
        },
      };
    case 'VECTOR':
      return { vector: { image: original, ...withPreview, sanitized: f.sanitized ?? true } };
    case 'VIDEO':
      return {
        video: {
          resolutions: [original, ...assets.filter((a) => /^\d+p$/.test(a.id)).map(toAsset)],
          posters: assets.filter((a) => a.id === 'poster').map(toAsset),
          ...(f.durationMs ? { durationInMilliseconds: f.durationMs } : {}),
        },
      };
    case 'AUDIO':
      return { audio: { assets: [original], ...(f.durationMs ? { durationInMilliseconds: f.durationMs } : {}) } };
    case 'DOCUMENT':
      return { document: { document: original, ...(f.pageCount ? { pageCount: f.pageCount } : {}) } };
    case 'ARCHIVE':
      return { archive: { archive: original } };
    case 'MODEL3D':
      return { model3d: { model: original, ...(preview ? { thumbnail: preview } : {}) } };
    default:
      return isIcon(row.mimeType) ? { icon: { icon: original } } : { other: { file: original } };
  }
}
