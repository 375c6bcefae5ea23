import type {
  BulkImportFileV2Request,
  BulkImportFileV2Response,
  FileDescriptor,
  ImportFileRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { addImport, checkImportUrl, importFile } from './import.service.js';

/** All or nothing: every URL is checked, and one refused refuses the call (its violation names the item). */
export async function bulkImport(ctx: Ctx, items: ImportFileRequest[]): Promise<{ files: FileDescriptor[] }> {
  // Every URL is checked first (host look-ups are remote calls), then every file is added in one transaction.
  const urls: URL[] = [];
  for (const [i, item] of items.entries()) urls.push(await checkImportUrl(ctx, item, `importFileRequests[${i}].url`));
  return withTx(ctx, async (tx) => {
    const files: FileDescriptor[] = [];
    for (const [i, item] of items.entries()) files.push(await addImport(tx, item, urls[i]!));
    return { files };
  });
}

/** Each item on its own: refused ones are reported with their index and reason, the rest go ahead. */
export async function bulkImportV2(ctx: Ctx, req: BulkImportFileV2Request): Promise<BulkImportFileV2Response> {
  const results: BulkImportFileV2Response['results'] = [];
  for (const [i, item] of req.importFileRequests.entries()) {
    try {
      const file = await importFile(ctx, item, `importFileRequests[${i}].url`);
      results.push({
        itemMetadata: { id: file.id, originalIndex: i, success: true },
        ...(req.returnEntity ? { item: file } : {}),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        itemMetadata: {
          originalIndex: i,
          success: false,
          error: { code: err.options.applicationCode ?? err.code, description: err.message },
        },
      });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}
