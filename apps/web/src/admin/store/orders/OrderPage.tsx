import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@plaza/sdk/ecom';
import { checkoutSettingsQueries, orderMutations, restocksByDefault, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button, buttonClass } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { ORDER_WORDS } from '../../../storefront/store/orders/words.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ApprovalActions } from './ApprovalActions.js';
import { CustomerPanel } from './CustomerPanel.js';
import { EditItemsButton } from './EditItems.js';
import { InvoiceDownload } from './InvoiceDownload.js';
import { InvoicePanel } from './InvoicePanel.js';
import { OrderHistory } from './OrderHistory.js';
import { OrderItems } from './OrderItems.js';
import { PaymentsPanel } from './PaymentsPanel.js';
import { ShippingPanel } from './ShippingPanel.js';
import { PaymentBadge, PriceRows } from './words.js';
import { CheckboxField } from '../../../ui/CheckboxField.js';
import { useRouteOrder } from './useRouteOrder.js';

/** /admin/store/orders/:orderId: one order with its items, payments, history and what can be done with it. */
export const OrderPage = ownerOnlyPage('Order', 'orders', Screen);

function Screen() {
  const { data, waiting } = useRouteOrder();
  if (!data) return waiting;
  const { order, transactions } = data;
  return (
    <>
      <Link to="/admin/store/orders" className="text-sm font-medium text-accent hover:underline">
        ← All orders
      </Link>
      <PageHeader
        title={`Order ${order.number}`}
        description={`${ORDER_WORDS[order.status]} · ${order.buyerInfo.email ?? 'no e-mail'}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <EditItemsButton order={order} />
            <Link to={`/admin/store/orders/${order.id}/packing-slip`} className={buttonClass('secondary')}>
              Packing slip
            </Link>
            <InvoiceDownload order={order} variant="secondary" label={(doc) => doc} />
            {order.status !== 'CANCELED' && <CancelButton order={order} />}
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <FormSection title="Items">
            <OrderItems order={order} />
            <PriceRows order={order} />
          </FormSection>
          <PaymentsPanel order={order} transactions={transactions} />
          <ShippingPanel order={order} />
        </div>
        <div className="space-y-4">
          <FormSection title="Payment">
            <PaymentBadge order={order} />
            <ApprovalActions order={order} />
          </FormSection>
          <InvoicePanel order={order} />
          <CustomerPanel order={order} />
          <OrderHistory order={order} />
        </div>
      </div>
    </>
  );
}

function CancelButton({ order }: { order: Order }) {
  const cancel = usePlazaMutation(orderMutations.cancel);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // Until the owner ticks or unticks it, the box follows the shop's "Restock action" setting.
  const byDefault = restocksByDefault(useQuery(checkoutSettingsQueries.settings(usePlaza())).data);
  const [chosen, setRestock] = useState<boolean>();
  const restock = chosen ?? byDefault;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        title={`Cancel order ${order.number}?`}
        confirmLabel="Cancel order"
        danger
        busy={cancel.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          cancel.mutate(
            { orderId: order.id, restock },
            {
              onSuccess: () => {
                toast(`Order ${order.number} is canceled`);
                setOpen(false);
              },
              onError: (e) => {
                setOpen(false);
                toast(`Not canceled: ${describeError(e).message}`, 'error');
              },
            },
          )
        }
      >
        <p>Money already taken is not refunded by this: refund it under Payments.</p>
        <CheckboxField
          label="Put the items back in stock"
          checked={restock}
          onChange={setRestock}
          className="mt-3 flex items-center gap-3"
        />
      </ConfirmDialog>
    </>
  );
}
