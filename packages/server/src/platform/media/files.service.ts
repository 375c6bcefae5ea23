import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ROOT_FOLDER_IDS,
  UPDATABLE_FILE_PATHS,
  type FileDescriptor,
  type ListFilesQuery,
  type ListFilesResponse,
  type MediaType,
  type SearchFilesRequest,
  type UpdateFileDescriptorRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { emitEvent, emitUpdated } from '../events/index.js';
import { canSee } from './access.js';
import { checkParent, isLiveParent } from './folders.service.js';
import { deleteFilesForGood } from './purge.js';
import { mediaFiles as mf, type MediaFileRow } from './tables.js';
import { toFileDescriptor } from './wire.js';

/** A file the caller may see, or 404 (the same answer for someone else's file as for none). */
export async function visibleFile(ctx: Ctx, id: string): Promise<MediaFileRow> {
  const [row] = await ctx.db.select().from(mf).where(eq(mf.id, id)).limit(1);
  if (!row || !canSee(ctx, row)) throw notFound('File');
  return row;
}

export async function getFile(ctx: Ctx, id: string): Promise<FileDescriptor> {
  return toFileDescriptor(ctx, await visibleFile(ctx, id));
}

/** Every listed file, in the order asked; one unknown id is a 404 naming it. */
export async function getFiles(ctx: Ctx, ids: string[]): Promise<FileDescriptor[]> {
  const rows = await ctx.db.select().from(mf).where(inArray(mf.id, ids));
  const byId = new Map(rows.filter((r) => canSee(ctx, r)).map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw new AppError('NOT_FOUND', `File ${missing} not found`);
  return ids.map((id) => toFileDescriptor(ctx, byId.get(id)!));
}

export async function updateFile(ctx: Ctx, req: UpdateFileDescriptorRequest): Promise<FileDescriptor> {
  const { file, fieldMask } = req;
  checkFieldMask(fieldMask.paths, UPDATABLE_FILE_PATHS, file, 'file');
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(mf).where(eq(mf.id, file.id)).for('update').limit(1);
    if (!row || row.state !== 'OK') throw notFound('File');
    const paths = fieldMask.paths;
    const set: Partial<MediaFileRow> = { updatedDate: ctx.clock() };
    if (paths.includes('displayName')) set.displayName = file.displayName!.trim();
    if (paths.includes('labels')) set.labels = [...new Set(file.labels!.map((l) => l.trim()).filter(Boolean))];
    if (paths.includes('private')) set.private = file.private!;
    if (paths.includes('parentFolderId'))
      set.parentFolderId = await checkParent(tx, file.parentFolderId!, 'file.parentFolderId');
    if (paths.some((p) => p === 'focalPoint' || p.startsWith('focalPoint.'))) {
      if (row.mediaType !== 'IMAGE')
        throw new AppError('VALIDATION', 'file.focalPoint: only pictures have a focal point', {
          violations: [
            {
              field: 'file.focalPoint',
              violatedRule: 'FIELD_NOT_ALLOWED',
              description: 'only pictures have a focal point',
            },
          ],
        });
      set.facts = { ...row.facts, focalPoint: { ...(row.facts.focalPoint ?? { x: 0.5, y: 0.5 }), ...file.focalPoint } };
    }
    const [updated] = await tx.db.update(mf).set(set).where(eq(mf.id, row.id)).returning();
    const descriptor = toFileDescriptor(ctx, updated!);
    await emitEvent(tx, {
      type: 'media.file_descriptor.updated',
      entityId: row.id,
      entity: descriptor,
      modifiedFields: paths,
    });
    return descriptor;
  });
}

const SORT_COLUMNS = {
  displayName: sql`lower(${mf.displayName})`,
  createdDate: mf.createdDate,
  updatedDate: mf.updatedDate,
  sizeInBytes: mf.sizeInBytes,
};
type SortField = keyof typeof SORT_COLUMNS;
const CURSOR = 'media-files-cursor';

/** What a page of files is: the filter, the order and where the page starts (inside a signed cursor). */
interface Query {
  where: {
    state: 'OK' | 'DELETED';
    folder?: string;
    notFolder?: string;
    types?: MediaType[];
    private?: boolean;
    words?: string;
  };
  sort: { field: SortField; desc: boolean };
  offset: number;
}

/** Words of a search as a prefix tsquery: `red mug` finds "Red mugs.jpg". Letters and digits only. */
function tsQuery(search: string): string | undefined {
  const words = search
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 10);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

function whereOf(w: Query['where']): SQL | undefined {
  return and(
    eq(mf.state, w.state),
    w.folder ? eq(mf.parentFolderId, w.folder) : undefined,
    w.notFolder ? ne(mf.parentFolderId, w.notFolder) : undefined,
    w.types?.length ? inArray(mf.mediaType, w.types) : undefined,
    w.private !== undefined ? eq(mf.private, w.private) : undefined,
    w.words ? sql`${mf.search} @@ to_tsquery('simple', ${w.words})` : undefined,
  );
}

/** How many of the newest files the fast path of a newest-first search looks through. */
const RECENT_WINDOW = 5000;

/**
 * One page of files. A newest-first search first looks through the newest files in date order and stops at the page
 * (about 1 ms for common words); only when those hold too few matches does it ask the word index, which is then
 * cheap because the words are rare. Either way the answer is the same page.
 */
async function findRows(ctx: Ctx, q: Query, limit: number): Promise<MediaFileRow[]> {
  const col = SORT_COLUMNS[q.sort.field];
  const order = q.sort.desc ? [desc(col), desc(mf.id)] : [asc(col), asc(mf.id)];
  const where = whereOf(q.where);
  if (q.where.words && q.sort.field === 'createdDate' && q.sort.desc) {
    // Named like the table, so the conditions on its columns apply to the window.
    const recent = ctx.db
      .select()
      .from(mf)
      .where(
        and(
          eq(mf.state, q.where.state),
          // One kind: the newest of that kind (an index walk); several: the newest files of any kind.
          q.where.types?.length === 1 ? eq(mf.mediaType, q.where.types[0]!) : undefined,
        ),
      )
      .orderBy(desc(mf.createdDate), desc(mf.id))
      .limit(RECENT_WINDOW)
      .as('media_files');
    const fast = await ctx.db
      .select()
      .from(recent)
      .where(where)
      .orderBy(...order)
      .limit(limit + 1)
      .offset(q.offset);
    if (fast.length > limit) return fast;
  }
  return ctx.db
    .select()
    .from(mf)
    .where(where)
    .orderBy(...order)
    .limit(limit + 1)
    .offset(q.offset);
}

/**
 * A page and its cursor. `total` is given when it costs nothing: on the last page (every match is then known);
 * counting every match of a common word would cost as much as the search itself.
 */
async function page(ctx: Ctx, q: Query, limit: number): Promise<ListFilesResponse> {
  const rows = await findRows(ctx, q, limit);
  const files = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    files: files.map((r) => toFileDescriptor(ctx, r)),
    nextCursor: {
      count: files.length,
      cursors: more ? { next: encodeSignedCursor(ctx, CURSOR, { ...q, offset: q.offset + limit }) } : {},
      ...(more ? {} : { total: q.offset + files.length }),
    },
  };
}

function sortOf(raw: string | undefined): Query['sort'] {
  const [field, dir] = (raw ?? 'createdDate:DESC').split(':');
  return { field: field as SortField, desc: (dir ?? 'ASC') === 'DESC' };
}

/**
 * The page a GET list asks for, as the spec's `paging.limit` / `paging.cursor` or the flat `limit` / `cursor`: one
 * page either way, and a value given both ways is a 400 on the `paging.` field (which of the two would win is a guess).
 */
function pageAsked(q: ListFilesQuery): { limit: number; cursor?: { value: string; field: string } } {
  for (const key of ['limit', 'cursor'] as const) {
    if (q[key] !== undefined && q[`paging.${key}`] !== undefined) {
      throw violation(`paging.${key}`, 'VALIDATION', `Give the page's ${key} once: as paging.${key} or as ${key}`);
    }
  }
  const cursor = q['paging.cursor'] ?? q.cursor;
  return {
    limit: q['paging.limit'] ?? q.limit ?? 50,
    ...(cursor !== undefined ? { cursor: { value: cursor, field: q.cursor ? 'cursor' : 'paging.cursor' } } : {}),
  };
}

/** Files in one folder (default the library's root), newest first unless sorted otherwise. */
export async function listFiles(
  ctx: Ctx,
  q: ListFilesQuery,
  state: 'OK' | 'DELETED' = 'OK',
): Promise<ListFilesResponse> {
  const { limit, cursor } = pageAsked(q);
  if (cursor) return page(ctx, decodeSignedCursor<Query>(ctx, CURSOR, cursor.value, cursor.field), limit);
  const folder = q.parentFolderId ?? (state === 'OK' ? ROOT_FOLDER_IDS.MEDIA_ROOT : undefined);
  return page(
    ctx,
    {
      where: {
        state,
        ...(folder ? { folder } : {}),
        ...(q.mediaTypes ? { types: q.mediaTypes } : {}),
        ...(q.private !== undefined ? { private: q.private } : {}),
      },
      sort: sortOf(q.sort),
      offset: 0,
    },
    limit,
  );
}

/**
 * Search over names and labels in every folder of a root: MEDIA_ROOT (the library, without visitors' uploads),
 * TRASH_ROOT or VISITOR_UPLOADS_ROOT.
 */
export async function searchFiles(ctx: Ctx, req: SearchFilesRequest): Promise<ListFilesResponse> {
  const limit = req.paging?.limit ?? 50;
  if (req.paging?.cursor)
    return page(ctx, decodeSignedCursor<Query>(ctx, CURSOR, req.paging.cursor, 'paging.cursor'), limit);
  const root = req.rootFolder ?? 'MEDIA_ROOT';
  const words = req.search ? tsQuery(req.search) : undefined;
  const where: Query['where'] =
    root === 'TRASH_ROOT'
      ? { state: 'DELETED' }
      : root === 'VISITOR_UPLOADS_ROOT'
        ? { state: 'OK', folder: ROOT_FOLDER_IDS.VISITOR_UPLOADS_ROOT }
        : { state: 'OK', notFolder: ROOT_FOLDER_IDS.VISITOR_UPLOADS_ROOT };
  return page(
    ctx,
    {
      where: {
        ...where,
        ...(req.mediaTypes ? { types: req.mediaTypes } : {}),
        ...(req.private !== undefined ? { private: req.private } : {}),
        ...(words ? { words } : {}),
      },
      sort: req.sort
        ? { field: req.sort.fieldName, desc: (req.sort.order ?? 'ASC') === 'DESC' }
        : { field: 'createdDate', desc: true },
      offset: 0,
    },
    limit,
  );
}

async function rowsFor(ctx: Ctx, ids: string[]): Promise<MediaFileRow[]> {
  const rows = await ctx.db.select().from(mf).where(inArray(mf.id, ids));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw new AppError('NOT_FOUND', `File ${missing} not found`);
  return rows;
}

/** To the trash (restorable for PLAZA_MEDIA_TRASH_DAYS), or `permanent`: gone with its bytes. */
export async function bulkDeleteFiles(ctx: Ctx, ids: string[], permanent: boolean): Promise<void> {
  const rows = await rowsFor(ctx, [...new Set(ids)]);
  if (permanent) return deleteFilesForGood(ctx, rows);
  const now = ctx.clock();
  await withTx(ctx, async (tx) => {
    const trashed = await tx.db
      .update(mf)
      .set({ state: 'DELETED', trashedDate: now, updatedDate: now })
      .where(and(inArray(mf.id, ids), eq(mf.state, 'OK')))
      .returning();
    for (const row of trashed)
      await emitUpdated(tx, 'media.file_descriptor.updated', row.id, toFileDescriptor(ctx, row), ['state']);
  });
}

/** Out of the trash into their folder, or the library's root when that folder is gone or trashed. */
export async function restoreFiles(ctx: Ctx, ids: string[]): Promise<void> {
  const rows = await rowsFor(ctx, [...new Set(ids)]);
  const now = ctx.clock();
  await withTx(ctx, async (tx) => {
    for (const row of rows.filter((r) => r.state === 'DELETED')) {
      const folderOk = await isLiveParent(tx, row.parentFolderId);
      const [restored] = await tx.db
        .update(mf)
        .set({
          state: 'OK',
          trashedDate: null,
          updatedDate: now,
          ...(folderOk ? {} : { parentFolderId: ROOT_FOLDER_IDS.MEDIA_ROOT }),
        })
        .where(eq(mf.id, row.id))
        .returning();
      const file = toFileDescriptor(ctx, restored!);
      await emitUpdated(tx, 'media.file_descriptor.updated', row.id, file, ['state']);
      if (restored!.operationStatus === 'READY')
        await emitEvent(tx, { type: 'media.file_descriptor.file_ready', entityId: row.id, body: { file } });
    }
  });
}

/** The ids of library files named in URLs (`…/media/v1/f/<id>/…`): what products, members and reviews use. */
export function fileIdsInUrls(urls: Array<string | undefined>): string[] {
  const ids = urls.flatMap((u) =>
    u ? [...u.matchAll(/\/media\/v1\/f\/([^/?#]+)\//g)].map((m) => decodeURIComponent(m[1]!)) : [],
  );
  return [...new Set(ids)];
}

/** Records that a product, member or review started using these files (lastUsedDate). */
export async function markFilesUsed(ctx: Ctx, urls: Array<string | undefined>): Promise<void> {
  const ids = fileIdsInUrls(urls);
  if (ids.length) await ctx.db.update(mf).set({ lastUsedDate: ctx.clock() }).where(inArray(mf.id, ids));
}
