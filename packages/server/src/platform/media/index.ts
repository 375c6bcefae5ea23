// The media library: uploads, folders, processing into responsive assets, signed downloads and the trash.
export { libraryFileState, originalDownloadUrls } from './digital-files.js';
export { enterpriseMediaRoutes } from './enterprise.routes.js';
export { markFilesUsed } from './files.service.js';
export { mediaFolderRoutes } from './folders.routes.js';
export { mediaJobHandlers } from './process.jobs.js';
export { emptyOldTrash } from './purge.js';
export { mediaFileRoutes } from './routes.js';
export { mediaUploadRoutes } from './upload.routes.js';
export { probeMediaStorage } from './storage/store.js';
export { localObjectsDir } from './storage/local.js';
