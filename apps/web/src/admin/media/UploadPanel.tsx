import { Button } from '../../ui/Button.js';
import { ProgressBar } from '../ui/ProgressBar.js';
import type { useUploads } from './useUploads.js';
import { formatSize } from './words.js';

/** Files on their way up, each with its progress, a cancel, and the reason if it failed. */
export function UploadPanel({
  uploads: { items, cancel: onCancel, retry: onRetry, clearFinished: onClear },
}: {
  uploads: Pick<ReturnType<typeof useUploads>, 'items' | 'cancel' | 'retry' | 'clearFinished'>;
}) {
  if (!items.length) return null;
  const busy = items.filter((i) => i.status === 'uploading').length;
  return (
    <section aria-label="Uploads" className="mb-4 rounded-lg border border-neutral-200 bg-white p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold" aria-live="polite">
          {busy
            ? `Uploading ${busy} of ${items.length} files`
            : `${items.filter((i) => i.status === 'done').length} of ${items.length} files uploaded`}
        </h2>
        {!busy && (
          <Button variant="ghost" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.key} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm">
            <span className="truncate font-medium">{item.name}</span>
            <span className="text-neutral-600">
              {item.status === 'uploading' && `${formatSize(item.sent)} of ${formatSize(item.size)}`}
              {item.status === 'done' && 'Uploaded'}
              {item.status === 'cancelled' && 'Cancelled'}
              {item.status === 'failed' && 'Not uploaded'}
            </span>
            <ProgressBar
              label={`Upload of ${item.name}`}
              value={item.status === 'done' ? item.size : item.sent}
              max={item.size}
              tone={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : 'accent'}
            />
            <span>
              {item.status === 'uploading' && (
                <Button variant="ghost" onClick={() => onCancel(item.key)} aria-label={`Cancel upload of ${item.name}`}>
                  Cancel
                </Button>
              )}
              {(item.status === 'failed' || item.status === 'cancelled') && (
                <Button variant="ghost" onClick={() => onRetry(item.key)} aria-label={`Try ${item.name} again`}>
                  Try again
                </Button>
              )}
            </span>
            {item.error && <p className="col-span-2 text-red-700">{item.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
