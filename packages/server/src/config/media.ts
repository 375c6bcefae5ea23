import path from 'node:path';

/** Where media bytes live and the limits of uploads and imports (PLAZA_MEDIA_* and PLAZA_S3_* variables). */
export interface MediaConfig {
  /** Local store root and the temporary files of uploads in progress (PLAZA_MEDIA_DIR, default `media` next to the data dir). */
  dir: string;
  /** Set: objects go to this S3-compatible bucket instead of the local disk. */
  s3: { bucket: string; endpoint?: string; region: string; forcePathStyle: boolean } | undefined;
  /** Imports may fetch private and loopback addresses (PLAZA_MEDIA_IMPORT_ALLOW_PRIVATE=on: a LAN-only install, tests). */
  importAllowPrivate: boolean;
  /** An import gives up after this long (PLAZA_MEDIA_IMPORT_TIMEOUT_MS, 60 s). */
  importTimeoutMs: number;
  /** Files in the trash are deleted for good after this many days (PLAZA_MEDIA_TRASH_DAYS, 30). */
  trashDays: number;
  /** Largest file of any type, in bytes (PLAZA_MEDIA_MAX_BYTES, 1 GiB); media types have lower limits. */
  maxBytes: number;
  /** A visitor's uploads (review photos): this many files per visitor a day (PLAZA_MEDIA_VISITOR_DAILY_FILES, 20). */
  visitorDailyFiles: number;
}

type Env = Record<string, string | undefined>;

export function mediaConfigFromEnv(env: Env, dataDir: string, cwd: string, problems: string[]): MediaConfig {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    const n = raw ? Number(raw) : fallback;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    problems.push(`${name}: must be a whole number between ${min} and ${max}, got "${raw}"`);
    return fallback;
  };
  const flag = (name: string) => {
    const raw = env[name]?.trim() || 'off';
    if (raw !== 'on' && raw !== 'off') problems.push(`${name}: must be on or off, got "${raw}"`);
    return raw === 'on';
  };
  const bucket = env.PLAZA_S3_BUCKET?.trim();
  const endpoint = env.PLAZA_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol)))
    problems.push(`PLAZA_S3_ENDPOINT: must be an http(s) URL, got "${endpoint}"`);
  return {
    // Next to the database's folder, not inside it (PGlite owns that one).
    dir: path.resolve(cwd, env.PLAZA_MEDIA_DIR?.trim() || path.join(path.dirname(dataDir), 'media')),
    s3: bucket
      ? {
          bucket,
          ...(endpoint ? { endpoint } : {}),
          region: env.PLAZA_S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
          // Self-hosted S3 (MinIO, s3rver) wants bucket-in-path URLs.
          forcePathStyle: endpoint !== undefined,
        }
      : undefined,
    importAllowPrivate: flag('PLAZA_MEDIA_IMPORT_ALLOW_PRIVATE'),
    importTimeoutMs: int('PLAZA_MEDIA_IMPORT_TIMEOUT_MS', 60_000, 100, 3_600_000),
    trashDays: int('PLAZA_MEDIA_TRASH_DAYS', 30, 1, 3650),
    maxBytes: int('PLAZA_MEDIA_MAX_BYTES', 1024 ** 3, 1024, 50 * 1024 ** 3),
    visitorDailyFiles: int('PLAZA_MEDIA_VISITOR_DAILY_FILES', 20, 0, 10_000),
  };
}
