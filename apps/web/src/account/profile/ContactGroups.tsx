import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.js';
import { RegionFields } from '../../ui/RegionFields.js';
import { SelectField, TextField } from '../../ui/Field.js';
import type { ContactForm } from './ContactCard.js';
import {
  ADDRESS_TAGS,
  EMAIL_TAGS,
  MAX_ROWS,
  PHONE_TAGS,
  contactRules,
  newAddress,
  newEmail,
  newPhone,
  tagLabel,
  type ContactDraft,
} from './contactForm.js';

/** The extra e-mail addresses, each with its label. */
export function EmailGroup({ contact }: { contact: ContactForm }) {
  const { errors, edit } = contact;
  return (
    <RowsGroup
      contact={contact}
      list="emails"
      title="E-mail addresses"
      empty="No extra e-mail addresses."
      rowLabel="E-mail"
      addLabel="Add e-mail"
      newRow={newEmail}
    >
      {(row, i) => (
        <>
          <TextField
            className="sm:col-span-3"
            label="E-mail"
            type="email"
            autoComplete="email"
            value={row.email}
            onChange={(e) => edit('emails', i, { email: e.target.value })}
            error={errors[`emails.${i}.email`]}
          />
          <Tag value={row.tag} tags={EMAIL_TAGS} onChange={(tag) => edit('emails', i, { tag })} />
        </>
      )}
    </RowsGroup>
  );
}

/** The phone numbers with their country, each with its label. */
export function PhoneGroup({ contact }: { contact: ContactForm }) {
  const { errors, edit } = contact;
  return (
    <RowsGroup
      contact={contact}
      list="phones"
      title="Phone numbers"
      empty="No phone numbers."
      rowLabel="Phone"
      addLabel="Add phone"
      newRow={newPhone}
    >
      {(row, i) => (
        <>
          <TextField
            className="sm:col-span-2"
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={row.phone}
            onChange={(e) => edit('phones', i, { phone: e.target.value })}
            error={errors[`phones.${i}.phone`]}
          />
          <TextField
            label="Country"
            hint="Such as US"
            maxLength={2}
            autoCapitalize="characters"
            value={row.countryCode}
            onChange={(e) => edit('phones', i, { countryCode: e.target.value.toUpperCase() })}
            error={errors[`phones.${i}.countryCode`]}
          />
          <Tag value={row.tag} tags={PHONE_TAGS} onChange={(tag) => edit('phones', i, { tag })} />
        </>
      )}
    </RowsGroup>
  );
}

/** The postal addresses, each with its region fields and label. */
export function AddressGroup({ contact }: { contact: ContactForm }) {
  const { errors, edit } = contact;
  return (
    <RowsGroup
      contact={contact}
      list="addresses"
      title="Addresses"
      empty="No addresses."
      rowLabel="Address"
      addLabel="Add address"
      newRow={newAddress}
    >
      {(row, i) => {
        const field = (key: 'addressLine' | 'addressLine2' | 'city' | 'postalCode' | 'subdivision' | 'country') => ({
          value: row[key],
          onChange: (e: { target: { value: string } }) =>
            edit('addresses', i, { [key]: key === 'country' ? e.target.value.toUpperCase() : e.target.value }),
          error: errors[`addresses.${i}.${key}`],
          ...(key !== 'country' ? { maxLength: contactRules[key].maxLength } : {}),
        });
        return (
          <>
            <TextField
              className="sm:col-span-4"
              label="Street and number"
              autoComplete="address-line1"
              {...field('addressLine')}
            />
            <TextField
              className="sm:col-span-4"
              label="Apartment, suite (optional)"
              autoComplete="address-line2"
              {...field('addressLine2')}
            />
            <TextField className="sm:col-span-2" label="City" autoComplete="address-level2" {...field('city')} />
            <RegionFields
              idPrefix={`address-${i}`}
              value={{
                ...(row.country ? { country: row.country } : {}),
                ...(row.subdivision ? { subdivision: row.subdivision } : {}),
                ...(row.postalCode ? { postalCode: row.postalCode } : {}),
              }}
              onChange={(a) =>
                edit('addresses', i, {
                  country: a.country ?? '',
                  subdivision: a.subdivision ?? '',
                  postalCode: a.postalCode ?? '',
                })
              }
            />
            <Tag value={row.tag} tags={ADDRESS_TAGS} onChange={(tag) => edit('addresses', i, { tag })} />
          </>
        );
      }}
    </RowsGroup>
  );
}

/**
 * One list of the draft as a group of rows: each row named by its number ("Phone 2") and removable, and a button
 * to add one while there is room. `children` draws a row's fields.
 */
function RowsGroup<K extends keyof ContactDraft>({
  contact,
  list,
  rowLabel,
  newRow,
  children,
  ...group
}: {
  contact: ContactForm;
  list: K;
  title: string;
  empty: string;
  rowLabel: string;
  addLabel: string;
  newRow: () => ContactDraft[K][number];
  children: (row: ContactDraft[K][number], i: number) => ReactNode;
}) {
  const rows: ContactDraft[K][number][] = contact.draft[list];
  const setRows = (next: ContactDraft[K][number][]) => contact.update(list, next as ContactDraft[K]);
  return (
    <Group {...group} count={rows.length} onAdd={() => setRows([...rows, newRow()])}>
      {rows.map((row, i) => (
        <Row key={i} label={`${rowLabel} ${i + 1}`} onRemove={() => setRows(rows.filter((_, j) => j !== i))}>
          {children(row, i)}
        </Row>
      ))}
    </Group>
  );
}

function Group({
  title,
  empty,
  count,
  onAdd,
  addLabel,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  onAdd: () => void;
  addLabel: string;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-neutral-900">{title}</legend>
      <div className="mt-2 space-y-3">
        {count === 0 ? <p className="text-sm text-neutral-600">{empty}</p> : children}
      </div>
      {count < MAX_ROWS && (
        <Button variant="secondary" className="mt-3" onClick={onAdd}>
          + {addLabel}
        </Button>
      )}
    </fieldset>
  );
}

function Row({ label, onRemove, children }: { label: string; onRemove: () => void; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="rounded-md border border-neutral-200 p-3">
      <div className="grid gap-3 sm:grid-cols-4">{children}</div>
      <Button variant="ghost" className="mt-2 text-red-700 hover:text-red-800" onClick={onRemove}>
        Remove <span className="sr-only">{label.toLowerCase()}</span>
      </Button>
    </div>
  );
}

function Tag<T extends string>({
  value,
  tags,
  onChange,
}: {
  value: T;
  tags: readonly T[];
  onChange: (tag: T) => void;
}) {
  return (
    <SelectField label="Label" value={value} onChange={(e) => onChange(e.target.value as T)}>
      {tags.map((t) => (
        <option key={t} value={t}>
          {tagLabel(t)}
        </option>
      ))}
    </SelectField>
  );
}
