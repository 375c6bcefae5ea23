import { usePlaza } from '@plaza/react';
import { useState } from 'react';
import type { SearchOrdersRequest } from '@plaza/sdk/ecom';
import { getConfig } from '../../../config.js';
import { Button } from '../../../ui/Button.js';
import { useToast } from '../../Toast.js';
import { ProgressBar } from '../../ui/ProgressBar.js';

type Filter = NonNullable<SearchOrdersRequest['search']>['filter'];

/**
 * "Export" the orders the list shows (its filter, every page) as a CSV file. The server streams it; counting its
 * lines as they arrive is the progress (the total is not known up front).
 */
export function ExportOrders({ filter }: { filter: Filter }) {
  const plaza = usePlaza();
  const toast = useToast();
  const [rows, setRows] = useState<number | null>(null);
  const start = async () => {
    setRows(0);
    try {
      const res = await fetch(`${getConfig().baseUrl}/ecom/v1/orders/export`, {
        method: 'POST',
        headers: { ...(await plaza.auth.getAuthHeaders()), 'content-type': 'application/json' },
        body: JSON.stringify(filter && Object.keys(filter).length ? { filter } : {}),
      });
      if (!res.ok || !res.body) throw new Error('The export failed; try again.');
      const parts: BlobPart[] = [];
      let lines = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        for (const b of value) if (b === 10) lines++;
        setRows(Math.max(0, lines - 1));
      }
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast(`Exported ${Math.max(0, lines - 1)} orders`);
    } catch (err) {
      toast(err instanceof Error ? err.message : 'The export failed; try again.', 'error');
    } finally {
      setRows(null);
    }
  };
  if (rows !== null) {
    return (
      <div className="w-56 space-y-1" aria-live="polite">
        <p className="text-sm">Exporting… {rows} orders</p>
        <ProgressBar label="Exporting orders" value={0} max={0} />
      </div>
    );
  }
  return (
    <Button variant="secondary" onClick={() => void start()}>
      Export CSV
    </Button>
  );
}
