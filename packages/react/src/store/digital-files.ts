import { queryOptions } from '@tanstack/react-query';
import { getFileDescriptor, searchFiles } from '@plaza/sdk/media';
import { call, type FetchClient } from '../call.js';

/** The private files a DIGITAL product can deliver (the product form's "File to deliver"). */
export const digitalFileQueries = {
  /** The chosen file, to show its name; none is asked without one. */
  file: (client: FetchClient, fileId: string) =>
    queryOptions({
      queryKey: ['media', 'file', fileId] as const,
      queryFn: () => call(client, getFileDescriptor, fileId).then((r) => r.file),
      enabled: Boolean(fileId),
    }),
  /** The newest 50 private files matching `words` (all of them for none). */
  privateFiles: (client: FetchClient, words: string) =>
    queryOptions({
      queryKey: ['media', 'private-files', words] as const,
      queryFn: () =>
        call(client, searchFiles, {
          ...(words ? { search: words } : {}),
          private: true,
          sort: { fieldName: 'createdDate', order: 'DESC' },
          paging: { limit: 50 },
        }).then((r) => r.files),
    }),
};
