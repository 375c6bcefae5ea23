import { sql } from 'drizzle-orm';
import type { Database } from './kernel/db.js';
import { loadOrders } from './load-orders.js';

/**
 * Bulk synthetic data for load tests (`plaza load-data`, used by `npm run bench`): members with varied names and
 * statuses, reviews of one entity with their rating summary, media files and orders. Set-based SQL, so 100,000 members
 * take seconds and a million orders a few minutes.
 */
export interface LoadDataOptions {
  /** Media library files (descriptors only, READY pictures and documents with varied names and labels). */
  files?: number;
  /** Orders with their payments and refunds (load-orders.ts). */
  orders?: number;
  members: number;
  reviews: number;
  namespace: string;
  entityId: string;
}

const FIRST = ['Ada', 'Ben', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gia', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lea', 'Max', 'Nia'];
const LAST = ['Abbott', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jones', 'Khan', 'Lopez'];

export async function loadData(database: Database, o: LoadDataOptions): Promise<void> {
  const { db } = database;
  const first = `ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}]`;
  const last = `ARRAY[${LAST.map((n) => `'${n}'`).join(',')}]`;
  await db.transaction(async (tx) => {
    // A scratch table of the new rows, so identities and members get the same ids and names.
    await tx.execute(
      sql.raw(`CREATE TEMP TABLE load_people ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, i,
          (${first})[1 + (i * 7) % ${FIRST.length}] AS first_name,
          (${last})[1 + (i * 13) % ${LAST.length}] AS last_name,
          'load' || i || '@example.com' AS email,
          CASE WHEN i % 20 < 16 THEN 'APPROVED' WHEN i % 20 < 18 THEN 'PENDING' WHEN i % 20 = 18 THEN 'BLOCKED'
            ELSE 'OFFLINE' END AS status
        FROM generate_series(1, ${o.members}) AS i`),
    );
    await tx.execute(
      sql.raw(`INSERT INTO identities (id, email, status, email_verified, profile)
        SELECT id, email, CASE WHEN status = 'APPROVED' THEN 'ACTIVE' WHEN status = 'PENDING' THEN 'PENDING'
          ELSE status END, true, jsonb_build_object('firstName', first_name, 'lastName', last_name)
        FROM load_people`),
    );
    await tx.execute(
      sql.raw(`INSERT INTO members (id, slug, status, privacy_status, login_email, nickname, first_name, last_name,
          created_date, updated_date)
        SELECT id, 'load-' || i, status, CASE WHEN i % 4 = 0 THEN 'PRIVATE' ELSE 'PUBLIC' END, email,
          first_name || ' ' || last_name || ' ' || i, first_name, last_name,
          now() - make_interval(mins => i), now() - make_interval(mins => i)
        FROM load_people`),
    );
    // Reviews of one entity by the first members: 95% approved, ratings skewed positive like real shops.
    await tx.execute(
      sql.raw(`INSERT INTO reviews (id, namespace, entity_id, author_type, author_member_id, author_key, title, body,
          rating, moderation_status, relevance_score, review_date, created_date, updated_date)
        SELECT gen_random_uuid(), '${o.namespace}', '${o.entityId}', 'MEMBER', id, 'm:' || id,
          'Review ' || i, repeat('Solid product, would buy again. ', 1 + i % 12),
          (ARRAY[5,5,5,4,4,4,3,2,1,5])[1 + i % 10], CASE WHEN i % 20 = 0 THEN 'IN_MODERATION' ELSE 'APPROVED' END,
          (i % 997) / 97.0, now() - make_interval(hours => i), now() - make_interval(hours => i),
          now() - make_interval(hours => i)
        FROM load_people WHERE i <= ${o.reviews}`),
    );
    await tx.execute(
      sql.raw(`INSERT INTO review_summaries (namespace, entity_id, total, rating_sum, one_star, two_stars, three_stars,
          four_stars, five_stars)
        SELECT namespace, entity_id, count(*), sum(rating), count(*) FILTER (WHERE rating = 1),
          count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4),
          count(*) FILTER (WHERE rating = 5)
        FROM reviews WHERE namespace = '${o.namespace}' AND entity_id = '${o.entityId}' AND moderation_status = 'APPROVED'
        GROUP BY namespace, entity_id
        ON CONFLICT (namespace, entity_id) DO UPDATE SET total = excluded.total, rating_sum = excluded.rating_sum,
          one_star = excluded.one_star, two_stars = excluded.two_stars, three_stars = excluded.three_stars,
          four_stars = excluded.four_stars, five_stars = excluded.five_stars`),
    );
  });
  if (o.files) await loadFiles(database, o.files);
  if (o.orders) await loadOrders(database, o.orders);
  // Fresh statistics and visibility map: PGlite has no autovacuum, and index-only counts need both.
  await db.execute(sql`VACUUM ANALYZE`);
}

const WORDS = [
  'red',
  'blue',
  'green',
  'mug',
  'plate',
  'teapot',
  'summer',
  'winter',
  'banner',
  'logo',
  'shirt',
  'lamp',
  'garden',
  'kitchen',
  'studio',
  'portrait',
  'sale',
  'new',
  'linen',
  'oak',
];

/** Library files without bytes: what search and lists read (names, labels, kinds, folders, dates). */
async function loadFiles(database: Database, n: number): Promise<void> {
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  // Each of a file's four words drawn on its own (a byte of an md5), so any two words meet in some files.
  const pick = (salt: number) =>
    `(${words})[1 + get_byte(decode(md5(i::text || '${salt}'), 'hex'), 0) % ${WORDS.length}]`;
  await database.db.execute(
    sql.raw(`INSERT INTO media_files (id, display_name, mime_type, media_type, size_in_bytes, hash, parent_folder_id,
        labels, operation_status, state, uploader_type, created_date, updated_date)
      SELECT replace(gen_random_uuid()::text, '-', ''), ${pick(7)} || '-' || ${pick(11)} || '_' || i || '.jpg',
        CASE WHEN i % 10 = 0 THEN 'application/pdf' ELSE 'image/jpeg' END,
        CASE WHEN i % 10 = 0 THEN 'DOCUMENT' ELSE 'IMAGE' END, 50000 + i % 900000, md5(i::text), 'media-root',
        jsonb_build_array(${pick(3)}, ${pick(17)}), 'READY', 'OK', 'OWNER',
        now() - make_interval(secs => i), now() - make_interval(secs => i)
      FROM generate_series(1, ${n}) AS i`),
  );
}
