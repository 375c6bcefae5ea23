import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@plaza/contracts';
import { useInvalidateMembers, usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { AddressGroup, EmailGroup, PhoneGroup } from './ContactGroups.js';
import { contactDraftOf, contactOf, validateContact, type ContactDraft, type ContactErrors } from './contactForm.js';

type ListKey = keyof ContactDraft;
const MASK: Record<ListKey, string> = {
  emails: 'contact.emails',
  phones: 'contact.phones',
  addresses: 'contact.addresses',
};

/** E-mails, phones and postal addresses with their labels; only the store sees them. */
export function ContactCard({ member }: { member: Member }) {
  const contact = useContactForm(member);
  const { errors, save, changed } = contact;

  return (
    <Card title="Contact details" description="Only the store sees these, for orders and messages.">
      <form onSubmit={contact.submit} noValidate className="space-y-6">
        <EmailGroup contact={contact} />
        <PhoneGroup contact={contact} />
        <AddressGroup contact={contact} />
        {save.error !== null && <ErrorMessage error={save.error} />}
        {Object.keys(errors).length > 0 && <Alert tone="error">Some details need a fix; see the marked fields.</Alert>}
        {save.isSuccess && changed.length === 0 && <Alert tone="success">Your contact details are saved.</Alert>}
        <Button type="submit" busy={save.isPending} disabled={changed.length === 0 && !save.isPending}>
          Save contact details
        </Button>
      </form>
    </Card>
  );
}

/** The contact lists being edited, their problems, and a save that sends only the lists that changed. */
function useContactForm(member: Member) {
  const plaza = usePlaza();
  const invalidate = useInvalidateMembers();
  const [draft, setDraft] = useState<ContactDraft>(() => contactDraftOf(member.contact));
  const [errors, setErrors] = useState<ContactErrors>({});
  const before = contactOf(contactDraftOf(member.contact));
  const current = contactOf(draft);
  // Only the lists that differ from the saved ones go in the field mask.
  const changed = (Object.keys(MASK) as ListKey[]).filter(
    (k) => JSON.stringify(current[k]) !== JSON.stringify(before[k]),
  );
  const save = useMutation({
    mutationFn: () =>
      plaza.members.updateMember(
        member.id,
        { contact: current },
        changed.map((k) => MASK[k]),
      ),
    onSuccess: () => invalidate(),
  });

  function update<K extends ListKey>(key: K, rows: ContactDraft[K]) {
    setDraft((d) => ({ ...d, [key]: rows }));
    setErrors({});
    save.reset();
  }
  function edit<K extends ListKey>(key: K, index: number, patch: Partial<ContactDraft[K][number]>) {
    update(key, draft[key].map((row, i) => (i === index ? { ...row, ...patch } : row)) as ContactDraft[K]);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(draft);
    setErrors(found);
    if (Object.keys(found).length === 0 && changed.length > 0) save.mutate();
  };
  return { draft, errors, changed, save, update, edit, submit };
}

export type ContactForm = ReturnType<typeof useContactForm>;
