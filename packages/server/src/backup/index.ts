// `plaza backup` and `plaza restore`: one archive of the database and the local media files (docs/operations.md).
export { createBackup, defaultBackupName, type BackupResult } from './backup.js';
export { restoreBackup, type RestoreResult } from './restore.js';
export { BackupError, type Manifest } from './manifest.js';
export { megabytes } from './progress.js';
