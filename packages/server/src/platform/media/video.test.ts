import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { appCode, call } from '../../../test/http.js';
import { settled, upload } from './testing.js';

// Real videos and recordings through ffmpeg (the Debian package .ci/run installs). Without ffmpeg the file is kept as
// uploaded and a stream is refused with the reason; the suite checks whichever this machine has.
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let srv: TestServer;
let auth: string;
let dir: string;
/** A 2-second 320×240 test pattern with a tone, made by ffmpeg itself. */
let clip: Buffer;
let tone: Buffer;

beforeAll(async () => {
  srv = await startTestServer();
  auth = await srv.createApiKey(['media']);
  dir = mkdtempSync(path.join(tmpdir(), 'plaza-video-'));
  if (hasFfmpeg) {
    const out = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      out,
    ]);
    clip = readFileSync(out);
    const mp3 = path.join(dir, 'tone.mp3');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', mp3]);
    tone = readFileSync(mp3);
  }
}, 120_000);
afterAll(async () => {
  await srv?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasFfmpeg)('with ffmpeg', () => {
  let video: FileDescriptor;
  it('a video gets its duration, a poster, a 240p rendition and HLS and DASH streams', async () => {
    const { put } = await upload(srv, auth, clip, { mimeType: 'video/mp4', fileName: 'clip.mp4' });
    expect(put.status).toBe(200);
    video = await settled(srv, auth, put.body.file.id, 60_000);
    expect(video.operationStatus).toBe('READY');
    const media = video.media.video!;
    expect(media.durationInMilliseconds).toBeGreaterThanOrEqual(1900);
    expect(media.durationInMilliseconds).toBeLessThanOrEqual(2200);
    expect(media.posters[0]).toMatchObject({ width: 320, height: 240, format: 'jpeg' });
    expect(media.resolutions.map((r) => r.id)).toEqual(['original', '240p']);
    expect((await fetch(media.posters[0]!.url)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('streams: the HLS playlist names segments that play, DASH has its manifest', async () => {
    const hls = await call<{ downloadUrl: { url: string; assetKey: string } }>(
      srv.url,
      'POST',
      '/media/v1/files/generate-video-stream-url',
      { auth, body: { fileId: video.id, format: 'HLS' } },
    );
    expect(hls.body.downloadUrl.url).toMatch(/\/hls\/index\.m3u8$/);
    const playlist = await (await fetch(hls.body.downloadUrl.url)).text();
    expect(playlist).toMatch(/^#EXTM3U/);
    const segment = playlist.split('\n').find((l) => l.endsWith('.ts'))!;
    const part = await fetch(new URL(segment, hls.body.downloadUrl.url));
    expect(part.headers.get('content-type')).toBe('video/mp2t');
    expect((await part.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const dash = await call<{ downloadUrl: { url: string } }>(
      srv.url,
      'POST',
      '/media/v1/files/generate-video-stream-url',
      { auth, body: { fileId: video.id, format: 'DASH' } },
    );
    const manifest = await fetch(dash.body.downloadUrl.url);
    expect(manifest.headers.get('content-type')).toBe('application/dash+xml');
    expect(await manifest.text()).toContain('<MPD');
  });

  it('a private video streams through its signed link: the playlist carries the signature to its segments', async () => {
    const { put } = await upload(srv, auth, clip, { mimeType: 'video/mp4', fileName: 'secret.mp4', private: true });
    const file = await settled(srv, auth, put.body.file.id, 60_000);
    const hls = await call<{ downloadUrl: { url: string } }>(
      srv.url,
      'POST',
      '/media/v1/files/generate-video-stream-url',
      { auth, body: { fileId: file.id } },
    );
    const playlist = await (await fetch(hls.body.downloadUrl.url)).text();
    const segment = playlist.split('\n').find((l) => l.includes('.ts?t='))!;
    expect((await fetch(new URL(segment, hls.body.downloadUrl.url))).status).toBe(200);
    expect((await fetch(new URL(segment.split('?')[0]!, hls.body.downloadUrl.url))).status).toBe(403);
    const dash = await call(srv.url, 'POST', '/media/v1/files/generate-video-stream-url', {
      auth,
      body: { fileId: file.id, format: 'DASH' },
    });
    expect(appCode(dash.body)).toBe('STREAM_NOT_AVAILABLE');
  });

  it('a recording gets its duration; a picture is not a video', async () => {
    const { put } = await upload(srv, auth, tone, { mimeType: 'audio/mpeg', fileName: 'tone.mp3' });
    const file = await settled(srv, auth, put.body.file.id, 30_000);
    expect(file.media.audio?.durationInMilliseconds).toBeGreaterThan(2900);
    const res = await call(srv.url, 'POST', '/media/v1/files/generate-video-stream-url', {
      auth,
      body: { fileId: file.id },
    });
    expect(res.status).toBe(400);
  });

  it('deleting a video for good removes every rendition and segment', async () => {
    await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth,
      body: { fileIds: [video.id], permanent: true },
    });
    const left = execFileSync('find', [srv.config.media.dir, '-path', `*${video.id}*`, '-type', 'f'])
      .toString()
      .trim();
    expect(left).toBe('');
  });
});
