import { useState, type ReactNode } from 'react';
import type { Address, Member } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { useToast } from '../Toast.js';
import { useMembersMutation } from '../data.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { Facts } from '../SiteQuery.js';
import { memberName } from './memberRules.js';
import { useAddressFormat } from '../../lib/addressLines.js';
import { confirmRow, DangerConfirm } from '../ui/DangerConfirm.js';

type Group = 'phones' | 'emails' | 'addresses';
const groupWords: Record<Group, { title: string; one: string }> = {
  emails: { title: 'E-mail addresses', one: 'e-mail addresses' },
  phones: { title: 'Phone numbers', one: 'phone numbers' },
  addresses: { title: 'Postal addresses', one: 'postal addresses' },
};

const tagLabel = (tag: string | undefined) =>
  tag && tag !== 'UNTAGGED' ? tag.charAt(0) + tag.slice(1).toLowerCase().replace(/_/g, ' ') : undefined;

/** Contact details (FULL fieldset); the owner can delete the e-mails, phones or addresses as a group. */
export function MemberContactDetails({ member }: { member: Member }) {
  const plaza = usePlaza();
  const { member: me } = useAuth();
  const toast = useToast();
  const contact = member.contact ?? {};
  const [confirming, setConfirming] = useState<Group | null>(null);
  const remove = useMembersMutation(
    (group: Group) =>
      group === 'phones'
        ? plaza.members.deleteMemberPhones(member.id)
        : group === 'emails'
          ? plaza.members.deleteMemberEmails(member.id)
          : plaza.members.deleteMemberAddresses(member.id),
    (_r, group) => {
      setConfirming(null);
      toast(`${groupWords[group].title} deleted`);
    },
  );

  const lists = useContactLists(contact);
  const custom = [...(contact.customFields ?? []), ...(member.profile.customFields ?? [])];

  return (
    <section aria-labelledby="member-contact-title">
      <h3 id="member-contact-title" className="mb-1 text-sm font-semibold">
        Contact details
      </h3>
      <Facts
        rows={[
          ['First name', contact.firstName || '—'],
          ['Last name', contact.lastName || '—'],
          ['Company', contact.company || '—'],
          ['Job title', contact.jobTitle || '—'],
          ['Birth date', contact.birthdate || '—'],
          ...custom.map((f): [string, ReactNode] => [
            f.name,
            String(f.value.strValue ?? f.value.numValue ?? f.value.dateValue ?? '—'),
          ]),
        ]}
      />
      <div className="mt-4 space-y-4">
        {(['emails', 'phones', 'addresses'] as const).map((group) => (
          <ContactGroup
            key={group}
            group={group}
            items={lists[group]}
            isOwner={me?.role === 'OWNER'}
            onDelete={() => {
              remove.reset();
              setConfirming(group);
            }}
          />
        ))}
      </div>
      <DangerConfirm
        title={confirming ? `Delete ${memberName(member)}'s ${groupWords[confirming].one}?` : ''}
        confirmLabel="Delete"
        {...confirmRow(confirming, setConfirming, remove, (group) => remove.mutate(group))}
      >
        <p>
          All {confirming ? lists[confirming].length : 0} of them are removed from the member's contact details. This
          cannot be undone.
        </p>
      </DangerConfirm>
    </section>
  );
}

/** Each group's entries as list items: e-mails, phones with their country code, and addresses on one line. */
function useContactLists(contact: NonNullable<Member['contact']>): Record<Group, ReactNode[]> {
  // One line per address, its parts in the order its country writes them.
  const format = useAddressFormat();
  const addressText = (x: Address) => (format ? format(x).join(', ') || '(empty address)' : '');
  return {
    emails: (contact.emails ?? []).map((e) => <Tagged key={e.email} text={e.email} tag={tagLabel(e.tag)} />),
    phones: (contact.phones ?? []).map((p) => (
      <Tagged key={p.phone} text={[p.countryCode, p.phone].filter(Boolean).join(' ')} tag={tagLabel(p.tag)} />
    )),
    addresses: (contact.addresses ?? []).map((a, i) => (
      <Tagged key={i} text={addressText(a.address)} tag={tagLabel(a.tag)} />
    )),
  };
}

/** One group of contact details with its "Delete all" button (the owner only, and only when there are some). */
function ContactGroup({
  group,
  items,
  isOwner,
  onDelete,
}: {
  group: Group;
  items: ReactNode[];
  isOwner: boolean;
  onDelete: () => void;
}) {
  return (
    <div className="rounded-md border border-neutral-200 p-3">
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-medium">{groupWords[group].title}</h4>
        <GuardedButton
          variant="ghost"
          className="min-h-8 px-2 text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={`Delete all ${groupWords[group].one}`}
          blockedReason={
            !isOwner ? 'Only the owner can delete contact details.' : items.length === 0 ? 'There are none.' : null
          }
          onClick={onDelete}
        >
          Delete all
        </GuardedButton>
      </div>
      {items.length ? (
        <ul className="mt-2 space-y-1 text-sm">{items}</ul>
      ) : (
        <p className="mt-1 text-sm text-neutral-500">None</p>
      )}
    </div>
  );
}

function Tagged({ text, tag }: { text: string; tag: string | undefined }) {
  return (
    <li className="flex flex-wrap items-baseline gap-2">
      <span className="break-all">{text}</span>
      {tag && <span className="text-xs text-neutral-500">{tag}</span>}
    </li>
  );
}
