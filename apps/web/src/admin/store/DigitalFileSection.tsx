import { digitalFileQueries, usePlaza } from '@plaza/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { FormSection } from '../ui/FormPage.js';
import { SearchBox } from '../ui/SearchBox.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import type { ProductDraft } from './productDraft.js';

type SetDraft = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;

/**
 * "File to deliver" for a DIGITAL product: one of the library's private files. Buyers get a link to it by e-mail
 * once they have paid, and can download it again from their order.
 */
export function DigitalFileSection({ draft, set }: { draft: ProductDraft; set: SetDraft }) {
  const [choosing, setChoosing] = useState(false);
  const chosen = useQuery(digitalFileQueries.file(usePlaza(), draft.digitalFileId));
  if (draft.productType !== 'DIGITAL') return null;
  return (
    <FormSection
      title="File to deliver"
      description="Buyers get a download link by e-mail once they have paid, and can download it again from their order."
    >
      {draft.digitalFileId ? (
        <p className="text-sm" data-testid="digital-file">
          {chosen.data?.displayName ?? (chosen.isError ? 'A file that is no longer in the library' : 'Loading…')}
        </p>
      ) : (
        <p className="text-sm text-neutral-600">No file yet: buyers would receive nothing.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setChoosing(true)}>
          {draft.digitalFileId ? 'Choose another file' : 'Choose a file'}
        </Button>
        {draft.digitalFileId && (
          <Button variant="ghost" onClick={() => set('digitalFileId', '')}>
            Remove the file
          </Button>
        )}
      </div>
      <Dialog
        open={choosing}
        title="Choose the file to deliver"
        description="Only private files can be sold: nobody can open them without a link from a paid order."
        onClose={() => setChoosing(false)}
      >
        {choosing && (
          <PrivateFiles
            onPick={(id) => {
              set('digitalFileId', id);
              setChoosing(false);
            }}
            onClose={() => setChoosing(false)}
          />
        )}
      </Dialog>
    </FormSection>
  );
}

function PrivateFiles({ onPick, onClose }: { onPick: (id: string) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const files = useQuery(digitalFileQueries.privateFiles(usePlaza(), words));
  const ready = (files.data ?? []).filter((f) => f.operationStatus === 'READY');
  return (
    <div className="mt-4 space-y-4">
      <SearchBox label="Search private files" value={search} onChange={setSearch} maxLength={200} />
      {files.error ? (
        <ErrorMessage error={files.error} onRetry={() => void files.refetch()} />
      ) : files.isPending ? (
        <p className="text-sm text-neutral-600">Loading files…</p>
      ) : ready.length ? (
        <ul className="max-h-80 divide-y divide-neutral-200 overflow-y-auto" aria-label="Private files">
          {ready.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate">{f.displayName}</span>
              <Button variant="secondary" onClick={() => onPick(f.id)}>
                Use {f.displayName}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">
          {words ? 'No private file matches.' : 'No private files yet.'} Upload the file in{' '}
          <Link to="/admin/media" className="font-medium text-accent hover:underline">
            Media
          </Link>{' '}
          and mark it private.
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
