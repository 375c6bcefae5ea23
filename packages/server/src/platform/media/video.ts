import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { Ctx } from '../../kernel/context.js';
import { tempDir } from './intake.js';
import { objectKey, storeOf } from './storage/store.js';
import type { MediaFacts, MediaFileRow, StoredAsset } from './tables.js';

const run = promisify(execFile);
let available: Promise<boolean> | undefined;

/** Whether `ffmpeg` and `ffprobe` are installed (Debian package `ffmpeg`); asked once per process. */
export const ffmpegAvailable = (): Promise<boolean> =>
  (available ??= Promise.all([run('ffmpeg', ['-version']), run('ffprobe', ['-version'])]).then(
    () => true,
    () => false,
  ));

interface Probe {
  durationMs?: number;
  width?: number;
  height?: number;
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
  };
  const video = info.streams?.find((s) => s.codec_type === 'video');
  const seconds = Number(info.format?.duration);
  return {
    ...(Number.isFinite(seconds) ? { durationMs: Math.round(seconds * 1000) } : {}),
    ...(video?.width && video.height ? { width: video.width, height: video.height } : {}),
  };
}

/** The original's bytes in a local temporary file (ffmpeg reads files; the store may be S3). */
async function localCopy(ctx: Ctx, key: string, dir: string): Promise<string> {
  const file = path.join(dir, 'source');
  await pipeline(await storeOf(ctx.config.media).read(key), createWriteStream(file));
  return file;
}

const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 1 << 20 });

async function putLocal(
  ctx: Ctx,
  row: MediaFileRow,
  id: string,
  file: string,
  mimeType: string,
  extra: Partial<StoredAsset> = {},
): Promise<StoredAsset> {
  const { size } = await stat(file);
  const key = objectKey(row.hash!, row.id, id);
  await storeOf(ctx.config.media).putFile(key, file, mimeType);
  return { id, key, mimeType, sizeInBytes: size, ...extra };
}

/** A rendition of several files (HLS playlist and segments, a DASH manifest and its segments) under one key prefix. */
async function putFolder(
  ctx: Ctx,
  row: MediaFileRow,
  id: string,
  dir: string,
  entry: string,
  mimeType: string,
): Promise<StoredAsset> {
  const names = (await readdir(dir)).sort((a, b) => (a === entry ? -1 : b === entry ? 1 : a.localeCompare(b)));
  const key = objectKey(row.hash!, row.id, id);
  let total = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    total += (await stat(file)).size;
    await storeOf(ctx.config.media).putFile(`${key}/${name}`, file, contentTypeOf(name));
  }
  return { id, key, mimeType, sizeInBytes: total, files: names };
}

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mpd: 'application/dash+xml',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};
export const contentTypeOf = (name: string): string => TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * A video's facts and renditions: duration and size, a poster (JPEG), one H.264/AAC rendition at most 720 lines high
 * (what browsers play everywhere), and HLS and DASH streams cut from it. Without ffmpeg: nothing (the file is READY
 * as uploaded, and asking for a stream says ffmpeg is missing).
 */
export async function processVideo(ctx: Ctx, row: MediaFileRow, original: StoredAsset): Promise<Partial<MediaFacts>> {
  if (!(await ffmpegAvailable())) return {};
  const dir = path.join(tempDir(ctx.config.media), randomUUID());
  await mkdir(dir, { recursive: true });
  try {
    const source = await localCopy(ctx, original.key, dir);
    const facts = await probe(source);
    if (!facts.height) throw new Error('no video stream');
    const assets: StoredAsset[] = [];
    const poster = path.join(dir, 'poster.jpg');
    const at = Math.min(1, (facts.durationMs ?? 0) / 2000);
    await ffmpeg(['-ss', String(at), '-i', source, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", poster]);
    const posterSize = await probe(poster);
    assets.push(
      await putLocal(ctx, row, 'poster', poster, 'image/jpeg', {
        width: posterSize.width!,
        height: posterSize.height!,
      }),
    );

    const lines = Math.min(720, facts.height - (facts.height % 2));
    const mp4 = path.join(dir, 'stream.mp4');
    await ffmpeg([
      '-i',
      source,
      '-vf',
      `scale=-2:${lines}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      mp4,
    ]);
    const rendition = await probe(mp4);
    const hls = path.join(dir, 'hls');
    const dash = path.join(dir, 'dash');
    await Promise.all([mkdir(hls), mkdir(dash)]);
    await ffmpeg([
      '-i',
      mp4,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(hls, 'segment%03d.ts'),
      path.join(hls, 'index.m3u8'),
    ]);
    await ffmpeg(['-i', mp4, '-c', 'copy', '-f', 'dash', '-seg_duration', '4', path.join(dash, 'manifest.mpd')]);
    assets.push(
      await putLocal(ctx, row, `${rendition.height}p`, mp4, 'video/mp4', {
        width: rendition.width!,
        height: rendition.height!,
      }),
    );
    assets.push(await putFolder(ctx, row, 'hls', hls, 'index.m3u8', 'application/vnd.apple.mpegurl'));
    assets.push(await putFolder(ctx, row, 'dash', dash, 'manifest.mpd', 'application/dash+xml'));
    return {
      assets,
      ...(facts.durationMs ? { durationMs: facts.durationMs } : {}),
      width: facts.width!,
      height: facts.height,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An audio file's duration (ffprobe), when ffmpeg is installed. */
export async function processAudio(ctx: Ctx, original: StoredAsset): Promise<Partial<MediaFacts>> {
  if (!(await ffmpegAvailable())) return {};
  const dir = path.join(tempDir(ctx.config.media), randomUUID());
  await mkdir(dir, { recursive: true });
  try {
    const { durationMs } = await probe(await localCopy(ctx, original.key, dir));
    return durationMs ? { durationMs } : {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
