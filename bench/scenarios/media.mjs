// Media (issue 11). Two budgets:
// - Search over 100,000 file descriptors (`plaza load-data --files 100000`): p95 <= 30 ms for one searcher (one
//   connection: a search's own time, not a queue), words drawn at random, a third of them narrowed to documents.
// - One 100 MB upload over loopback reaches >= 50% of the throughput of copying the same file on the same disk in the
//   same run (a copy through a program, 64 KB reads and writes; `cp`'s in-kernel copy is printed for scale), and the
//   server's memory stays flat (it streams: its resident size grows by far less than the file).
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const WORDS = ['red', 'blue', 'mug', 'plate', 'summer', 'banner', 'logo', 'shirt', 'lamp', 'garden', 'kitchen', 'oak'];
const SIZE = 100 * 1024 * 1024;
const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** PUTs a file to `url` as a stream; resolves with the status when the answer is complete. */
function put(url, file) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PUT', headers: { 'content-type': 'application/gzip', 'content-length': SIZE } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(req);
  });
}

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'POST /media/v1/files/search (100,000 files)',
    prepare: [
      ['load-data', '--files', '100000'],
      ['api-key', 'create', '--name', 'bench-media', '--scopes', 'media'],
    ],
    async setup(ctx) {
      const key = ctx.prepared('api-key create --name bench-media').trim().split('\n').at(-1);
      return {
        // One person searching: the budget is a search's own time, not a queue behind nine others.
        connections: 1,
        requests: [
          {
            method: 'POST',
            path: '/media/v1/files/search',
            setupRequest: (req) => ({
              ...req,
              headers: { 'content-type': 'application/json', authorization: key },
              body: JSON.stringify({
                search: `${WORDS[randomInt(WORDS.length)]} ${WORDS[randomInt(WORDS.length)].slice(0, 3)}`,
                mediaTypes: randomInt(3) === 0 ? ['DOCUMENT'] : undefined,
                paging: { limit: 50 },
              }),
            }),
          },
        ],
      };
    },
    target: { maxP95Ms: 30 },
  },
  {
    name: 'PUT a 100 MB media upload',
    async measure(ctx, server) {
      const key = ctx.prepared('api-key create --name bench-media').trim().split('\n').at(-1);
      const source = path.join(server.tmp, 'bench-source.gz');
      // A gzip header (the bytes are what they are declared as; archives need no processing job competing for the
      // CPU) and random data.
      const fd = fs.openSync(source, 'w');
      fs.writeSync(fd, Buffer.from('1f8b0800000000000003', 'hex'));
      for (let written = 10; written < SIZE; written += 1024 * 1024)
        fs.writeSync(fd, randomBytes(Math.min(1024 * 1024, SIZE - written)));
      fs.closeSync(fd);

      // Two baselines on the same disk: `cp` (the kernel copies, no bytes cross into a program) and a plain copy
      // through a program (read and write 64 KB at a time, as any upload must). The check uses the second: an upload
      // has to pass its bytes through the server process; `cp` is shown for scale.
      let kernelMs = Infinity;
      let copyMs = Infinity;
      const copyTo = path.join(server.tmp, 'bench-copy.bin');
      for (let i = 0; i < 3; i++) {
        let t = performance.now();
        fs.copyFileSync(source, copyTo);
        kernelMs = Math.min(kernelMs, performance.now() - t);
        fs.rmSync(copyTo);
        t = performance.now();
        await pipeline(fs.createReadStream(source), fs.createWriteStream(copyTo));
        copyMs = Math.min(copyMs, performance.now() - t);
        fs.rmSync(copyTo);
      }

      const before = rssMb(server.pid);
      let peak = before;
      let uploadMs = Infinity;
      // The first upload also compiles the route's serializers; the best of three is the steady state.
      for (let i = 0; i < 3; i++) {
        const { uploadUrl } = await ctx.postJson(
          '/media/v1/files/generate-upload-url',
          { mimeType: 'application/gzip', fileName: `bench-${i}.gz`, sizeInBytes: String(SIZE) },
          { authorization: key },
        );
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
        const t = performance.now();
        const status = await put(uploadUrl.replace(/^http:\/\/localhost:/, 'http://127.0.0.1:'), source);
        uploadMs = Math.min(uploadMs, performance.now() - t);
        clearInterval(sampler);
        if (status !== 200) throw new Error(`the upload answered ${status}`);
      }
      fs.rmSync(source);
      const mbps = (ms) => SIZE / 1024 / 1024 / (ms / 1000);
      const ratio = mbps(uploadMs) / mbps(copyMs);
      const growth = peak - before;
      return {
        lines: [
          `upload ${mbps(uploadMs).toFixed(0)} MB/s, file copy ${mbps(copyMs).toFixed(0)} MB/s (${(ratio * 100).toFixed(0)}%); cp ${mbps(kernelMs).toFixed(0)} MB/s`,
          `server memory ${before.toFixed(0)} MB before, at most ${peak.toFixed(0)} MB during (+${growth.toFixed(0)} MB for a 100 MB file)`,
        ],
        data: {
          uploadMBps: mbps(uploadMs),
          copyMBps: mbps(copyMs),
          cpMBps: mbps(kernelMs),
          ratio,
          rssBeforeMb: before,
          rssPeakMb: peak,
        },
        checks: [
          { name: '100 MB upload >= 50% of a file copy', ok: ratio >= 0.5, detail: `${(ratio * 100).toFixed(0)}%` },
          { name: '100 MB upload: server memory grows < 50 MB', ok: growth < 50, detail: `+${growth.toFixed(0)} MB` },
        ],
      };
    },
  },
];
