import { inArray, lt, and, eq } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import { storeOf } from './storage/store.js';
import { mediaFiles, mediaFolders, type MediaFileRow } from './tables.js';
import { toFileDescriptor } from './wire.js';

/**
 * Deletes files for good: the rows (with their events) first, then every stored rendition. Bytes whose delete fails
 * are logged and left as orphans rather than keeping a row that points at half-deleted assets.
 */
export async function deleteFilesForGood(ctx: Ctx, rows: MediaFileRow[]): Promise<void> {
  if (!rows.length) return;
  await withTx(ctx, async (tx) => {
    await tx.db.delete(mediaFiles).where(
      inArray(
        mediaFiles.id,
        rows.map((r) => r.id),
      ),
    );
    for (const row of rows)
      await emitEvent(tx, {
        type: 'media.file_descriptor.deleted',
        entityId: row.id,
        entity: toFileDescriptor(ctx, row),
      });
  });
  const store = storeOf(ctx.config.media);
  // A stream rendition is a folder of files (`<key>/<name>`); the others are one object each.
  const keys = rows.flatMap((r) =>
    r.facts.assets.flatMap((a) => (a.files ? a.files.map((f) => `${a.key}/${f}`) : [a.key])),
  );
  for (const key of keys)
    await store.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'media bytes not deleted'));
}

/** Empties what has been in the trash longer than PLAZA_MEDIA_TRASH_DAYS; runs on worker nodes. */
export async function emptyOldTrash(ctx: Ctx): Promise<number> {
  const before = new Date(ctx.clock().getTime() - ctx.config.media.trashDays * 86_400_000);
  let total = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.state, 'DELETED'), lt(mediaFiles.trashedDate, before)))
      .limit(200);
    if (!rows.length) break;
    await deleteFilesForGood(ctx, rows);
    total += rows.length;
  }
  await ctx.db.delete(mediaFolders).where(and(eq(mediaFolders.state, 'DELETED'), lt(mediaFolders.trashedDate, before)));
  return total;
}
