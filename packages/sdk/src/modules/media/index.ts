// @plaza/sdk/media: the media library's files and folders, and an upload helper.
export * from './files.js';
export * from './folders.js';
export * from './upload.js';
export * from './enterprise.js';
