/** Where the data lives: the embedded PGlite, or PostgreSQL with optional streaming read replicas. */
export interface DatabaseConfig {
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Streaming replicas of DATABASE_URL that take reads outside transactions (DATABASE_REPLICA_URLS). */
  replicaUrls: string[];
  /** A replica whose data is older than this (while the primary has newer) gets no reads (PLAZA_REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs: number;
}

type Env = Record<string, string | undefined>;

const POSTGRES_URL = /^postgres(ql)?:\/\//;

export function databaseConfigFromEnv(
  env: Env,
  problems: string[],
  intVar: (name: string, fallback: number, min: number, max: number) => number,
): DatabaseConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !POSTGRES_URL.test(databaseUrl)) {
    problems.push('DATABASE_URL: must be a postgres:// or postgresql:// connection URL');
  }
  const replicaUrls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const replicaMaxLagMs = intVar('PLAZA_REPLICA_MAX_LAG_MS', 5000, 10, 3_600_000);
  if (replicaUrls.length && !databaseUrl) {
    problems.push('DATABASE_REPLICA_URLS: replicas need DATABASE_URL (the primary); the embedded database has none');
  }
  replicaUrls.forEach((url, i) => {
    // Never echo the URL: it may hold a password.
    if (!POSTGRES_URL.test(url) || !URL.canParse(url)) {
      problems.push(`DATABASE_REPLICA_URLS: entry ${i + 1} must be a postgres:// or postgresql:// connection URL`);
    }
  });
  if (replicaUrls.length > 16) problems.push('DATABASE_REPLICA_URLS: at most 16 replicas');
  return { databaseUrl, replicaUrls, replicaMaxLagMs };
}
