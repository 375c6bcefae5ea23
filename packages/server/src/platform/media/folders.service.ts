import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ROOT_FOLDER_IDS,
  UPDATABLE_FOLDER_PATHS,
  type CreateFolderRequest,
  type ListFoldersQuery,
  type ListFoldersResponse,
  type MediaFolder,
  type UpdateFolderRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { emitEvent, emitUpdated } from '../events/index.js';
import { deleteFilesForGood } from './purge.js';
import { mediaFiles, mediaFolders, type MediaFolderRow } from './tables.js';

const ROOTS = new Set<string>(Object.values(ROOT_FOLDER_IDS));

export function toFolder(row: MediaFolderRow): MediaFolder {
  return {
    id: row.id,
    displayName: row.displayName,
    parentFolderId: row.parentFolderId,
    state: row.state as MediaFolder['state'],
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/**
 * Checks a folder files or folders go into: a root other than the trash, or a folder that exists and is not in the
 * trash. A 400 on `field` otherwise.
 */
export async function checkParent(ctx: Ctx, id: string, field = 'parentFolderId'): Promise<string> {
  if (id === ROOT_FOLDER_IDS.TRASH_ROOT)
    throw violation(field, 'VALIDATION', 'files go to the trash by deleting them, not by moving them there');
  if (ROOTS.has(id)) return id;
  const [row] = await ctx.db.select().from(mediaFolders).where(eq(mediaFolders.id, id)).limit(1);
  if (!row || row.state !== 'OK') throw violation(field, 'VALIDATION', `there is no folder ${id}`);
  return id;
}

/** Whether a restored item can go back to this folder (it is live and not the trash); else it lands in the root. */
export const isLiveParent = (ctx: Ctx, id: string): Promise<boolean> =>
  checkParent(ctx, id).then(
    () => true,
    () => false,
  );

/** The folder at `filePath` (`Shop/Mugs`) under `parentId`, creating the missing ones. */
export async function ensureFolderPath(ctx: Ctx, parentId: string, filePath: string): Promise<string> {
  const parts = filePath
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => p === '.' || p === '..'))
    throw violation('filePath', 'FORMAT', 'folder names in a path cannot be . or ..');
  let at = parentId;
  for (const name of parts) {
    const [existing] = await ctx.db
      .select({ id: mediaFolders.id })
      .from(mediaFolders)
      .where(and(eq(mediaFolders.parentFolderId, at), eq(mediaFolders.displayName, name), eq(mediaFolders.state, 'OK')))
      .limit(1);
    at = existing?.id ?? (await createFolder(ctx, { displayName: name, parentFolderId: at })).id;
  }
  return at;
}

export async function createFolder(ctx: Ctx, req: CreateFolderRequest): Promise<MediaFolder> {
  const parent = await checkParent(ctx, req.parentFolderId ?? ROOT_FOLDER_IDS.MEDIA_ROOT);
  const now = ctx.clock();
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(mediaFolders)
      .values({
        id: uuidv7(now.getTime()),
        displayName: req.displayName.trim(),
        parentFolderId: parent,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const folder = toFolder(row!);
    await emitEvent(tx, { type: 'media.folder.created', entityId: folder.id, entity: folder });
    return folder;
  });
}

export async function getFolder(ctx: Ctx, id: string): Promise<MediaFolder> {
  const [row] = await ctx.db.select().from(mediaFolders).where(eq(mediaFolders.id, id)).limit(1);
  if (!row) throw notFound('Folder');
  return toFolder(row);
}

const CURSOR = 'media-folders-cursor';

/** Folders in a folder (default the library's root), by name; `state` DELETED lists the trash. */
export async function listFolders(
  ctx: Ctx,
  q: ListFoldersQuery,
  state: 'OK' | 'DELETED' = 'OK',
): Promise<ListFoldersResponse> {
  const limit = q.limit ?? 100;
  const at = q.cursor ? decodeSignedCursor<{ p?: string; o: number; s: string }>(ctx, CURSOR, q.cursor) : undefined;
  const parent = at ? at.p : (q.parentFolderId ?? (state === 'OK' ? ROOT_FOLDER_IDS.MEDIA_ROOT : undefined));
  const offset = at?.o ?? 0;
  const rows = await ctx.db
    .select()
    .from(mediaFolders)
    .where(and(eq(mediaFolders.state, state), parent ? eq(mediaFolders.parentFolderId, parent) : undefined))
    .orderBy(asc(sql`lower(${mediaFolders.displayName})`), asc(mediaFolders.id))
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  return {
    folders: page.map(toFolder),
    nextCursor: {
      count: page.length,
      cursors:
        rows.length > limit
          ? { next: encodeSignedCursor(ctx, CURSOR, { ...(parent ? { p: parent } : {}), o: offset + limit, s: state }) }
          : {},
    },
  };
}

/** The folder and every folder inside it, at any depth. */
async function withDescendants(ctx: Ctx, ids: string[]): Promise<string[]> {
  const rows = await ctx.db.execute(sql`
    WITH RECURSIVE t(id) AS (
      SELECT id FROM media_folders WHERE id IN ${sql`(${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`}
      UNION SELECT f.id FROM media_folders f JOIN t ON f.parent_folder_id = t.id
    ) SELECT id FROM t`);
  return (rows as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

export async function updateFolder(ctx: Ctx, id: string, req: UpdateFolderRequest): Promise<MediaFolder> {
  checkFieldMask(req.fieldMask.paths, UPDATABLE_FOLDER_PATHS, req.folder, 'folder');
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(mediaFolders).where(eq(mediaFolders.id, id)).for('update').limit(1);
    if (!row || row.state !== 'OK') throw notFound('Folder');
    const set: Partial<MediaFolderRow> = { updatedDate: ctx.clock() };
    const paths = req.fieldMask.paths;
    if (paths.includes('displayName')) set.displayName = req.folder.displayName!.trim();
    if (paths.includes('parentFolderId')) {
      const target = await checkParent(tx, req.folder.parentFolderId!, 'folder.parentFolderId');
      if ((await withDescendants(tx, [id])).includes(target))
        throw violation('folder.parentFolderId', 'VALIDATION', 'a folder cannot go inside itself');
      set.parentFolderId = target;
    }
    const [updated] = await tx.db.update(mediaFolders).set(set).where(eq(mediaFolders.id, id)).returning();
    const folder = toFolder(updated!);
    await emitEvent(tx, { type: 'media.folder.updated', entityId: id, entity: folder, modifiedFields: paths });
    return folder;
  });
}

/**
 * To the trash with everything inside (files and folders get one trashed date, so a restore brings back exactly
 * what went together), or, `permanent`, gone with the files' bytes.
 */
export async function bulkDeleteFolders(ctx: Ctx, ids: string[], permanent: boolean): Promise<void> {
  if (ids.some((i) => ROOTS.has(i))) throw violation('folderIds', 'VALIDATION', 'the root folders cannot be deleted');
  const all = await withDescendants(ctx, ids);
  const found = new Set(
    (await ctx.db.select({ id: mediaFolders.id }).from(mediaFolders).where(inArray(mediaFolders.id, ids))).map(
      (r) => r.id,
    ),
  );
  const missing = ids.find((i) => !found.has(i));
  if (missing) throw new AppError('NOT_FOUND', `Folder ${missing} not found`);
  const now = ctx.clock();
  if (permanent) {
    const files = await ctx.db.select().from(mediaFiles).where(inArray(mediaFiles.parentFolderId, all));
    await deleteFilesForGood(ctx, files);
    await withTx(ctx, async (tx) => {
      const gone = await tx.db.delete(mediaFolders).where(inArray(mediaFolders.id, all)).returning();
      for (const f of gone) await emitEvent(tx, { type: 'media.folder.deleted', entityId: f.id, entity: toFolder(f) });
    });
    return;
  }
  await withTx(ctx, async (tx) => {
    const trashed = await tx.db
      .update(mediaFolders)
      .set({ state: 'DELETED', trashedDate: now, updatedDate: now })
      .where(and(inArray(mediaFolders.id, all), eq(mediaFolders.state, 'OK')))
      .returning();
    await tx.db
      .update(mediaFiles)
      .set({ state: 'DELETED', trashedDate: now, updatedDate: now })
      .where(and(inArray(mediaFiles.parentFolderId, all), eq(mediaFiles.state, 'OK')));
    for (const f of trashed) await emitUpdated(tx, 'media.folder.updated', f.id, toFolder(f), ['state']);
  });
}

/** Back from the trash with what was trashed together with them; a folder whose parent is gone lands in the root. */
export async function restoreFolders(ctx: Ctx, ids: string[]): Promise<void> {
  await withTx(ctx, async (tx) => {
    const rows = await tx.db
      .select()
      .from(mediaFolders)
      .where(and(inArray(mediaFolders.id, ids), eq(mediaFolders.state, 'DELETED')));
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 'Some folders are not in the trash');
    const now = ctx.clock();
    for (const row of rows) {
      const all = await withDescendants(tx, [row.id]);
      const parentOk = await isLiveParent(tx, row.parentFolderId);
      const together = and(inArray(mediaFolders.id, all), eq(mediaFolders.trashedDate, row.trashedDate!));
      const restored = await tx.db
        .update(mediaFolders)
        .set({ state: 'OK', trashedDate: null, updatedDate: now })
        .where(together)
        .returning();
      if (!parentOk)
        await tx.db
          .update(mediaFolders)
          .set({ parentFolderId: ROOT_FOLDER_IDS.MEDIA_ROOT })
          .where(eq(mediaFolders.id, row.id));
      await tx.db
        .update(mediaFiles)
        .set({ state: 'OK', trashedDate: null, updatedDate: now })
        .where(and(inArray(mediaFiles.parentFolderId, all), eq(mediaFiles.trashedDate, row.trashedDate!)));
      for (const f of restored) await emitUpdated(tx, 'media.folder.updated', f.id, toFolder(f), ['state']);
    }
  });
}
