import type { Order } from '@plaza/sdk/ecom';
import { usePlaza } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { downloadFile } from '../../../lib/download.js';
import { orderDocument } from '../../../storefront/store/orders/document.js';
import { useToast } from '../../Toast.js';

/**
 * Downloads the PDF the customer gets too, named for what it is: the issued invoice, else the receipt or pro forma.
 * `label` words the button from the document's name ("Invoice" → "Download invoice").
 */
export function InvoiceDownload({
  order,
  variant,
  label,
}: {
  order: Order;
  variant: 'secondary' | 'ghost';
  label: (document: string) => string;
}) {
  const plaza = usePlaza();
  const toast = useToast();
  const doc = orderDocument(order);
  return (
    <Button
      variant={variant}
      onClick={() =>
        downloadFile(plaza, `/ecom/v1/orders/${order.id}/invoice.pdf`, doc.fileName).catch((e: Error) =>
          toast(e.message, 'error'),
        )
      }
    >
      {label(doc.label)}
    </Button>
  );
}
