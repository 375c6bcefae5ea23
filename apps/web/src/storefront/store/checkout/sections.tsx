import { useState, type FocusEvent, type ReactNode } from 'react';
import type { Checkout } from '@plaza/contracts';
import { inputClass, TextField } from '../../../ui/Field.js';
import { AddressFields, cleanAddress as clean, contactOf, Input, personOf } from '../../../ui/AddressFields.js';
import { describeProblem } from '../problems.js';
import { useAutosave } from './autosave.js';
import { FIELD } from './missing.js';
import { useCheckoutChange } from './useCheckout.js';

export { Input };

/**
 * A titled part of the checkout. There is no Save button: what is typed is kept as it changes (useAutosave), and at
 * once when focus leaves the part (`onLeave`) or Enter is pressed in it. A refused change is said under it, in words,
 * until the next change of that part is kept.
 */
export function Section({
  title,
  onLeave,
  error,
  children,
}: {
  title: string;
  onLeave?: () => void;
  error?: unknown;
  children: ReactNode;
}) {
  const leave = (e: FocusEvent<HTMLFormElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) onLeave?.();
  };
  return (
    <form
      noValidate
      onBlur={leave}
      onSubmit={(e) => {
        e.preventDefault();
        onLeave?.();
      }}
      className="rounded-lg border border-neutral-200 p-4 sm:p-6"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4 space-y-3">{children}</div>
      {error != null && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeProblem(error)}
        </p>
      )}
    </form>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactSection({ checkout }: { checkout: Checkout }) {
  const change = useCheckoutChange(checkout.id);
  const [email, setEmail] = useState(checkout.buyerInfo.email ?? '');
  const [left, setLeft] = useState(false);
  const typed = email.trim();
  const valid = EMAIL.test(typed);
  const { flush } = useAutosave(typed, {
    ready: valid,
    save: (e) =>
      change.mutate({
        kind: 'update',
        request: { checkout: { buyerInfo: { email: e } }, fieldMask: { paths: ['buyerInfo.email'] } },
      }),
  });
  // Said only once the shopper has left the field, and gone as soon as the address reads right.
  const problem =
    left && typed && !valid
      ? 'Enter an e-mail address such as ann@example.com.'
      : change.error
        ? describeProblem(change.error)
        : undefined;
  return (
    <Section
      title="Contact"
      onLeave={() => {
        setLeft(true);
        flush();
      }}
    >
      <TextField
        id={FIELD.email}
        label="E-mail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint="For your receipt and updates about the order."
        error={problem}
      />
    </Section>
  );
}

/** Countries whose buyers give a tax ID at checkout (the server checks CPF and CNPJ). */
const TAX_ID_COUNTRIES = ['BR'];
const TAX_ID_DIGITS = { CPF: 11, CNPJ: 14 } as const;

export function BillingSection({ checkout, shipped = true }: { checkout: Checkout; shipped?: boolean }) {
  const change = useCheckoutChange(checkout.id);
  const billing = checkout.billingInfo;
  const [same, setSame] = useState(!billing?.address);
  const [person, setPerson] = useState(personOf(billing?.contactDetails));
  const [address, setAddress] = useState(billing?.address ?? {});
  const [taxType, setTaxType] = useState<'CPF' | 'CNPJ'>(billing?.taxId?.type ?? 'CPF');
  const [taxId, setTaxId] = useState(billing?.taxId?.value ?? '');
  const country = same ? checkout.shippingInfo.shippingDestination?.address?.country : address.country;
  // Only where buyers have a tax ID the shop can print and check (Brazil's CPF or CNPJ); nowhere else to ask.
  const showTaxId = taxId !== '' || (country !== undefined && TAX_ID_COUNTRIES.includes(country));
  const digits = taxId.replace(/\D/g, '').length;
  const taxIdReady = taxId.trim() === '' || digits === TAX_ID_DIGITS[taxType];
  const { flush } = useAutosave(
    { same, person, address, taxType, taxId: taxId.trim() },
    {
      ready: taxIdReady,
      save: (d) =>
        change.mutate({
          kind: 'update',
          request: {
            checkout: {
              billingInfo: {
                // "Same as the shipping address": no billing address of its own.
                ...(d.same ? {} : { address: clean(d.address), contactDetails: contactOf(d.person) }),
                ...(d.taxId ? { taxId: { type: d.taxType, value: d.taxId } } : {}),
              },
            },
            fieldMask: { paths: ['billingInfo'] },
          },
        }),
    },
  );
  const [left, setLeft] = useState(false);
  const taxProblem = left && !taxIdReady ? `A ${taxType} has ${TAX_ID_DIGITS[taxType]} digits.` : undefined;
  return (
    <Section
      title="Billing"
      error={change.error}
      onLeave={() => {
        setLeft(true);
        flush();
      }}
    >
      {/* Nothing shipped: no shipping address to be the same as; a billing address is then only added on request. */}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={shipped ? same : !same}
          onChange={(e) => setSame(shipped ? e.target.checked : !e.target.checked)}
          className="h-4 w-4"
        />
        {shipped ? 'Same as the shipping address' : 'Add a billing address'}
      </label>
      {!same && (
        <AddressFields prefix="bill" person={person} setPerson={setPerson} address={address} setAddress={setAddress} />
      )}
      {showTaxId ? (
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <label className="block text-sm font-medium text-neutral-800">
            Tax ID type
            <select
              className={`${inputClass} mt-1`}
              value={taxType}
              onChange={(e) => setTaxType(e.target.value as 'CPF' | 'CNPJ')}
            >
              <option value="CPF">CPF</option>
              <option value="CNPJ">CNPJ</option>
            </select>
          </label>
          <TextField
            label="Tax ID"
            inputMode="numeric"
            maxLength={30}
            counter={false}
            value={taxId}
            onChange={(e) => setTaxId(e.target.value)}
            error={taxProblem}
          />
        </div>
      ) : null}
    </Section>
  );
}
