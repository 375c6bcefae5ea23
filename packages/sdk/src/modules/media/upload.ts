import type {
  FileDescriptor,
  FileResponse,
  GenerateResumableUploadUrlResponse,
  GenerateUploadUrlRequest,
  GenerateUploadUrlResponse,
} from '@plaza/contracts';
import { errorFromResponse, PlazaError } from '../../core/errors.js';

/** The `files` methods `uploadFile` calls, as a client made with `modules: { files }` has them. */
export interface FilesClient {
  files: {
    generateFileUploadUrl(options: GenerateUploadUrlRequest): Promise<GenerateUploadUrlResponse>;
    generateFileResumableUploadUrl(options: GenerateUploadUrlRequest): Promise<GenerateResumableUploadUrlResponse>;
    getFileDescriptor(fileId: string): Promise<FileResponse>;
  };
}

export interface UploadOptions extends Partial<Omit<GenerateUploadUrlRequest, 'sizeInBytes'>> {
  /** Bytes sent so far and the total, after every chunk (or progress event of a direct upload). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Files bigger than this go resumable (TUS), in chunks; default 50 MB. */
  resumableAbove?: number;
  /** Resumable chunk size; default 5 MB. */
  chunkSize?: number;
  /** How often one chunk is retried after a dropped connection (each time resuming from the server's offset); 5. */
  retries?: number;
}

const MB = 1024 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
/** An abort rejects with the signal's reason: the DOMException (an Error) or what the caller passed to abort(). */
const abortReason = (signal: AbortSignal) => signal.reason as Error;
const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(abortReason(signal))), { once: true });
  });

/** PUT with upload progress where the platform has it (XMLHttpRequest in browsers); fetch elsewhere. */
function put(url: string, file: Blob, type: string, opts: UploadOptions): Promise<Response> {
  if (typeof XMLHttpRequest === 'undefined') {
    return fetch(url, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': type },
      signal: opts.signal ?? null,
    }).then((res) => {
      if (res.ok) opts.onProgress?.(file.size, file.size);
      return res;
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', type);
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, file.size);
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }));
    xhr.onerror = () => reject(new PlazaError('The upload was interrupted', 0));
    xhr.onabort = () =>
      reject((opts.signal && abortReason(opts.signal)) ?? new PlazaError('The upload was cancelled', 0));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** A TUS upload: create, then PATCH chunk by chunk; after a dropped connection ask the server's offset and go on. */
async function tus(
  start: GenerateResumableUploadUrlResponse,
  file: Blob,
  name: string,
  opts: UploadOptions,
): Promise<void> {
  const signal = opts.signal ?? null;
  const created = await fetch(start.uploadUrl, {
    method: 'POST',
    headers: {
      ...TUS,
      'Upload-Length': String(file.size),
      'Upload-Metadata': `uploadToken ${b64(start.uploadToken)},filename ${b64(name)}`,
    },
    signal,
  });
  if (created.status !== 201) throw await errorFromResponse(created);
  const location = new URL(created.headers.get('Location')!, start.uploadUrl).toString();
  const chunk = opts.chunkSize ?? 5 * MB;
  let offset = 0;
  let failures = 0;
  while (offset < file.size) {
    try {
      const res = await fetch(location, {
        method: 'PATCH',
        headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: file.slice(offset, offset + chunk),
        signal,
      });
      // 4xx: the server refused the bytes (too big, not what was declared); no retry helps.
      if (res.status >= 400 && res.status < 500) throw await errorFromResponse(res);
      if (!res.ok) throw new PlazaError(`The server answered ${res.status}`, res.status);
      offset = Number(res.headers.get('Upload-Offset'));
      failures = 0;
      opts.onProgress?.(offset, file.size);
    } catch (err) {
      if (signal?.aborted || (err instanceof PlazaError && err.status >= 400 && err.status < 500)) throw err;
      if (++failures > (opts.retries ?? 5)) throw err;
      await wait(Math.min(500 * 2 ** failures, 10_000), opts.signal);
      const head = await fetch(location, { method: 'HEAD', headers: TUS, signal }).catch(() => undefined);
      if (head?.ok) offset = Number(head.headers.get('Upload-Offset'));
    }
  }
}

/**
 * Uploads a file (a browser `File`, or any `Blob`) to the media library: small ones with one PUT, big ones
 * resumable, picking up where they were after a dropped connection. Resolves with the file, PENDING until the
 * server has processed it (poll `getFileDescriptor`, or listen for `media.file_descriptor.file_ready`).
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { files } });
 * const file = await uploadFile(client, input.files[0], { parentFolderId: folderId, onProgress: (sent, total) => bar.value = sent / total });
 */
export async function uploadFile(client: FilesClient, file: Blob, opts: UploadOptions = {}): Promise<FileDescriptor> {
  const { onProgress: _p, signal: _s, resumableAbove, chunkSize: _c, retries: _r, ...fields } = opts;
  const name = fields.fileName ?? (file as File).name ?? 'file';
  const mimeType = fields.mimeType ?? (file.type || 'application/octet-stream');
  const request = { ...fields, fileName: name, mimeType, sizeInBytes: String(file.size) };
  if (file.size > (resumableAbove ?? 50 * MB)) {
    const start = await client.files.generateFileResumableUploadUrl(request);
    await tus(start, file, name, opts);
    return (await client.files.getFileDescriptor(start.file.id)).file;
  }
  const { uploadUrl } = await client.files.generateFileUploadUrl(request);
  const res = await put(uploadUrl, file, mimeType, opts);
  if (!res.ok) throw await errorFromResponse(res);
  return ((await res.json()) as FileResponse).file;
}
