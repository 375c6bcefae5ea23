import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { mediaFiles } from './tables.js';
import { assetUrl } from './wire.js';

/** Library files sold as digital products: what the catalog checks and what an order's download links point at. */

/** Whether a file is private and whether it is in the trash; undefined when there is no such file. */
export async function libraryFileState(
  ctx: Ctx,
  id: string,
): Promise<{ private: boolean; trashed: Date | null } | undefined> {
  const [file] = await ctx.db
    .select({ private: mediaFiles.private, trashed: mediaFiles.trashedDate })
    .from(mediaFiles)
    .where(eq(mediaFiles.id, id))
    .limit(1);
  return file;
}

/**
 * A download URL of each file's original, signed to work until `expires`, by file id. Files in the trash or without
 * an original are left out.
 */
export async function originalDownloadUrls(ctx: Ctx, ids: string[], expires: Date): Promise<Map<string, string>> {
  const files = ids.length ? await ctx.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids)) : [];
  const urls = new Map<string, string>();
  for (const file of files) {
    const original = file.facts.assets.find((a) => a.id === 'original');
    if (file.trashedDate || !original) continue;
    urls.set(file.id, assetUrl(ctx, file, original, { e: expires.getTime(), d: 'A' }));
  }
  return urls;
}
