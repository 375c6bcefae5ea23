import { useState, type FormEvent } from 'react';
import type { Address } from '@plaza/contracts';
import type { Order } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation } from '@plaza/react';
import { AddressFields, cleanAddress, contactOf, personOf } from '../../../ui/AddressFields.js';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { TextAreaField, TextField } from '../../../ui/Field.js';
import { Drawer } from '../../ui/Drawer.js';
import { FormSection } from '../../ui/FormPage.js';
import { useToast } from '../../Toast.js';
import { DeliveryDetails, deliveryMethod, isPickup, ShipToLines } from '../../../storefront/store/orders/lines.js';
import { FormAlert } from '../../../ui/FormProblems.js';

const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The buyer's side of an order: e-mail, where it goes, their note and the owner's tags, with an edit drawer. */
export function CustomerPanel({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false);
  // A pickup's destination only placed the buyer for tax: the place to collect from is under Delivery.
  const dest = isPickup(order) ? undefined : order.shippingInfo?.logistics.shippingDestination;
  const method = deliveryMethod(order);
  return (
    <FormSection title="Customer">
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-neutral-600">E-mail</dt>
          <dd>{order.buyerInfo.email ?? 'None'}</dd>
        </div>
        {dest && (
          <div>
            <dt className="text-neutral-600">Ship to</dt>
            <dd>
              <ShipToLines d={dest} />
            </dd>
          </div>
        )}
        {method && (
          <div>
            <dt className="text-neutral-600">Delivery</dt>
            <dd>
              <span className="block font-medium" data-testid="delivery-method">
                {method}
              </span>
              <DeliveryDetails order={order} />
            </dd>
          </div>
        )}
        {order.buyerNote && (
          <div>
            <dt className="text-neutral-600">Note</dt>
            <dd className="whitespace-pre-line">{order.buyerNote}</dd>
          </div>
        )}
        <div>
          <dt className="text-neutral-600">Tags</dt>
          <dd className="flex flex-wrap gap-1">
            {order.tags.length
              ? order.tags.map((t) => (
                  <span key={t} className="rounded bg-neutral-100 px-2 py-0.5 text-xs">
                    {t}
                  </span>
                ))
              : 'None'}
          </dd>
        </div>
      </dl>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        Edit customer details
      </Button>
      <Drawer open={editing} title={`Order ${order.number}: customer`} onClose={() => setEditing(false)}>
        <CustomerForm order={order} onDone={() => setEditing(false)} />
      </Drawer>
    </FormSection>
  );
}

/** The order change: the address (with the name on it), note and tags always; the e-mail only when given. */
function customerChangesOf(
  orderId: string,
  d: { email: string; person: ReturnType<typeof personOf>; address: Address; note: string; tags: string },
) {
  const { email, person, address, note, tags } = d;
  const hasAddress = Object.keys(cleanAddress(address)).length > 0;
  const paths = ['shippingInfo.logistics.shippingDestination', 'buyerNote', 'tags'];
  if (email.trim()) paths.push('buyerInfo.email');
  return {
    orderId,
    paths,
    order: {
      ...(email.trim() ? { buyerInfo: { email: email.trim() } } : {}),
      ...(hasAddress || person.firstName || person.lastName
        ? {
            shippingInfo: {
              logistics: {
                shippingDestination: { address: cleanAddress(address), contactDetails: contactOf(person) },
              },
            },
          }
        : {}),
      ...(note.trim() ? { buyerNote: note.trim() } : {}),
      tags: tagsOf(tags),
    },
  };
}

function CustomerForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const update = usePlazaMutation(orderMutations.update);
  const toast = useToast();
  const dest = order.shippingInfo?.logistics.shippingDestination;
  const [email, setEmail] = useState(order.buyerInfo.email ?? '');
  const [person, setPerson] = useState(personOf(dest?.contactDetails));
  const [address, setAddress] = useState<Address>(dest?.address ?? {});
  const [note, setNote] = useState(order.buyerNote ?? '');
  const [tags, setTags] = useState(order.tags.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) {
      setProblem('Enter an e-mail address such as name@example.com.');
      return;
    }
    setProblem(null);
    update.mutate(customerChangesOf(order.id, { email, person, address, note, tags }), {
      onSuccess: () => {
        toast('Customer details saved');
        onDone();
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Shipping address</legend>
        <AddressFields
          prefix="order-ship"
          person={person}
          setPerson={setPerson}
          address={address}
          setAddress={setAddress}
        />
      </fieldset>
      <TextAreaField
        label="Note from the buyer"
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label="Tags"
        hint="Separate tags with commas, such as: wholesale, gift"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
      />
      <FormAlert>{problem}</FormAlert>
      {update.error && <ErrorMessage error={update.error} />}
      <div className="flex gap-2">
        <Button type="submit" busy={update.isPending}>
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
