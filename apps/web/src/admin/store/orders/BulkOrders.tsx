import { call, storeQueries, usePlaza } from '@plaza/react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bulkMarkAsPaid, bulkUpdateOrderTags } from '@plaza/sdk/ecom';
import type { BulkOrderResults } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { useToast } from '../../Toast.js';
import { ProgressBar } from '../../ui/ProgressBar.js';

/** The bulk routes take up to 100 orders; smaller steps let the bar move and a failure stop early. */
const STEP = 25;

type Run = (ids: string[]) => Promise<BulkOrderResults>;

/** Runs a bulk action over the ids a chunk at a time, showing progress, then one summary toast; refreshes after. */
function useBulkRun(ids: string[], onDone: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [progress, setProgress] = useState<{ done: number; label: string } | null>(null);

  const run = async (label: string, past: string, step: Run) => {
    setProgress({ done: 0, label });
    let ok = 0;
    const failed = new Map<string, number>();
    try {
      for (let i = 0; i < ids.length; i += STEP) {
        const { results } = await step(ids.slice(i, i + STEP));
        for (const r of results) {
          if (r.itemMetadata.success) ok++;
          else {
            const why = r.itemMetadata.error?.description ?? 'refused';
            failed.set(why, (failed.get(why) ?? 0) + 1);
          }
        }
        setProgress({ done: Math.min(ids.length, i + STEP), label });
      }
      const notes = [...failed].map(([why, n]) => `${n} not: ${why}`);
      toast([`${ok} ${past}`, ...notes].join('; '), failed.size ? 'error' : 'success');
    } catch (err) {
      toast(`Stopped: ${describeError(err).message}`, 'error');
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: storeQueries.all() });
      onDone();
    }
  };
  return { progress, run };
}

/**
 * What to do with the selected orders: mark them paid or add a tag, 25 at a time with a progress bar, then one
 * summary ("12 marked as paid; 2 were not: already paid").
 */
export function BulkOrders({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const plaza = usePlaza();
  const [tag, setTag] = useState('');
  const { progress, run } = useBulkRun(ids, onDone);

  if (progress) {
    return (
      <div className="space-y-2 rounded-lg border border-neutral-200 bg-white p-4" aria-live="polite">
        <p className="text-sm font-medium">
          {progress.label}: {progress.done} of {ids.length}
        </p>
        <ProgressBar label={progress.label} value={progress.done} max={ids.length} />
      </div>
    );
  }
  const cleanTag = tag.trim();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border border-accent/40 bg-accent/5 p-3">
      <p className="text-sm font-medium">
        {ids.length} {ids.length === 1 ? 'order' : 'orders'} selected
      </p>
      <Button
        variant="secondary"
        onClick={() => void run('Marking as paid', 'marked as paid', (chunk) => call(plaza, bulkMarkAsPaid, chunk))}
      >
        Mark as paid
      </Button>
      <form
        className="flex items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!cleanTag) return;
          void run(`Tagging “${cleanTag}”`, `tagged “${cleanTag}”`, (chunk) =>
            call(plaza, bulkUpdateOrderTags, {
              orderIds: chunk,
              assignTags: [cleanTag],
            }),
          ).then(() => setTag(''));
        }}
      >
        <label className="text-sm">
          <span className="sr-only">Tag</span>
          <input
            className="h-9 w-40 rounded-md border border-neutral-300 px-2 text-sm"
            placeholder="Tag, such as wholesale"
            maxLength={50}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={!cleanTag}>
          Add tag
        </Button>
      </form>
      <Button variant="secondary" onClick={onDone}>
        Clear selection
      </Button>
    </div>
  );
}
