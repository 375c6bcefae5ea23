import {
  generateFileResumableUploadUrl,
  generateFileUploadUrl,
  getFileDescriptor,
  uploadFile,
  type FileDescriptor,
  type FilesClient,
  type UploadOptions,
} from '@plaza/sdk/media';
import { call } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';

/** The `files` methods `uploadFile` needs, sent through the app's client. */
export const filesClient = (plaza: PlazaClient): FilesClient => ({
  files: {
    generateFileUploadUrl: (o) => call(plaza, generateFileUploadUrl, o),
    generateFileResumableUploadUrl: (o) => call(plaza, generateFileResumableUploadUrl, o),
    getFileDescriptor: (id) => call(plaza, getFileDescriptor, id),
  },
});

/**
 * Uploads a file and waits until the server has made it usable (READY), for forms that need its address at once
 * (a review photo, a profile picture). A file the server could not use rejects with its reason.
 */
export async function uploadAndWait(plaza: PlazaClient, file: File, opts: UploadOptions = {}): Promise<FileDescriptor> {
  let current = await uploadFile(filesClient(plaza), file, opts);
  for (let wait = 200; current.operationStatus === 'PENDING'; wait = Math.min(wait * 1.5, 2000)) {
    await new Promise((r) => setTimeout(r, wait));
    current = (await call(plaza, getFileDescriptor, current.id)).file;
  }
  if (current.operationStatus === 'FAILED') throw new Error(current.failureReason ?? 'The picture could not be used.');
  return current;
}
