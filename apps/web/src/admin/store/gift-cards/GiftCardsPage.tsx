import { useState, type FormEvent } from 'react';
import type { GiftCard, GiftCardResponse } from '@plaza/contracts';
import { giftCardMutations, giftCardQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { Alert } from '../../../ui/Alert.js';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { CopyButton } from '../../../ui/CopyButton.js';
import { inputClass, TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useDateFormat } from '../../dates.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { type Column, ResourceTable, tableStates } from '../../ui/ResourceTable.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { FormActions } from '../../../ui/FormActions.js';
import { NameCell } from '../../ui/NameCell.js';
import { RowConfirm } from '../../ui/RowConfirm.js';

const PAGE = 25;
const rules: FormRules<'amount' | 'note'> = {
  amount: { label: 'Amount', required: true, valid: isAmount, formatHint: 'Enter the amount such as 25.' },
  note: { label: 'Note for yourself', maxLength: 500 },
};

/** /admin/store/gift-cards: issue cards (the code is shown once), look them up by their last characters, disable. */
export const GiftCardsPage = ownerOnlyPage('Gift cards', 'gift cards', GiftCardsScreen);

function GiftCardsScreen() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const ending = useDebouncedValue(
    search
      .trim()
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-4),
  );
  const list = useQuery(
    giftCardQueries.list(usePlaza(), {
      ...(ending ? { codeEndsWith: ending } : {}),
      offset,
      limit: PAGE,
    }),
  );
  const { data } = list;
  const disable = usePlazaMutation(giftCardMutations.setDisabled);
  const toast = useToast();
  const date = useDateFormat();
  const [issuing, setIssuing] = useState(false);
  const [disabling, setDisabling] = useState<GiftCard | null>(null);
  const add = (
    <Button onClick={() => setIssuing(true)} aria-haspopup="dialog">
      Issue gift card
    </Button>
  );
  return (
    <>
      <PageHeader title="Gift cards" description="Cards with a balance buyers spend at checkout." actions={add} />
      <CodeSearch
        value={search}
        onChange={(value) => {
          setSearch(value);
          setOffset(0);
        }}
      />
      <ResourceTable<GiftCard>
        noun={{ one: 'gift card', other: 'gift cards' }}
        rows={data?.giftCards}
        total={data?.total}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.obfuscatedCode}
        {...tableStates(list)}
        paging={{ offset, pageSize: PAGE, onOffsetChange: setOffset }}
        columns={giftCardColumns(date)}
        actions={[
          { label: 'Disable', danger: true, when: (c) => !c.disabled, onSelect: setDisabling },
          {
            label: 'Enable',
            when: (c) => c.disabled,
            onSelect: (c) =>
              disable.mutate(
                { id: c.id, disabled: false },
                { onSuccess: () => toast(`${c.obfuscatedCode} can be used again`) },
              ),
          },
        ]}
        empty={
          ending
            ? { title: 'No card ends with that', body: 'Check the last four characters of the code.' }
            : { title: 'No gift cards yet', body: 'Issue one as a present, a refund or a prize.', action: add }
        }
      />
      <Drawer open={issuing} title="Issue a gift card" onClose={() => setIssuing(false)}>
        {issuing && <IssueForm onClose={() => setIssuing(false)} />}
      </Drawer>
      <DisableCardDialog card={disabling} disable={disable} onClose={() => setDisabling(null)} />
    </>
  );
}

/** Looks cards up by the last characters of their code (the full code is never stored in the clear). */
function CodeSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="mb-4 max-w-xs">
      <label htmlFor="gift-card-search" className="mb-1 block text-sm font-medium text-neutral-800">
        Code ends with
      </label>
      <input
        id="gift-card-search"
        type="search"
        className={inputClass}
        placeholder="AB12"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function giftCardColumns(date: ReturnType<typeof useDateFormat>): Column<GiftCard>[] {
  return [
    {
      header: 'Card',
      primary: true,
      cell: (c) => <NameCell name={c.obfuscatedCode} detail={c.note} mono="name" />,
    },
    {
      header: 'Balance',
      className: 'w-40',
      cell: (c) => `${c.balance.formattedAmount} of ${c.initialBalance.formattedAmount}`,
    },
    { header: 'Expires', className: 'w-36', cell: (c) => (c.expirationDate ? date(c.expirationDate) : 'Never') },
    {
      header: 'Status',
      className: 'w-28',
      cell: (c) =>
        c.disabled ? (
          <Badge tone="danger">Disabled</Badge>
        ) : c.active ? (
          <Badge tone="success">Usable</Badge>
        ) : (
          <Badge>Used up</Badge>
        ),
    },
  ];
}

/** Asks before disabling a card; on failure the dialog closes and a toast says why. */
function DisableCardDialog({
  card: disabling,
  disable,
  onClose,
}: {
  card: GiftCard | null;
  disable: UseMutationResult<GiftCardResponse, Error, { id: string; disabled: boolean }>;
  onClose: () => void;
}) {
  return (
    <RowConfirm
      row={disabling}
      title={`Disable ${disabling?.obfuscatedCode ?? 'the card'}?`}
      confirmLabel="Disable card"
      busy={disable.isPending}
      send={(c, handlers) => disable.mutate({ id: c.id, disabled: true }, handlers)}
      done={(c) => `${c.obfuscatedCode} is disabled`}
      failure="Not changed"
      onClose={onClose}
    >
      Its balance can no longer be spent until you enable it again.
    </RowConfirm>
  );
}

/** Issues a card; its full code is shown here once, with a button to copy it, and never again. */
function IssueForm({ onClose }: { onClose: () => void }) {
  const issue = usePlazaMutation(giftCardMutations.issue);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [expires, setExpires] = useState('');
  const [issued, setIssued] = useState<GiftCard | null>(null);
  const form = useFormRules(rules, { amount, note }, { serverError: issue.error });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    issue.mutate(
      {
        initialBalance: { amount: normalizeAmount(amount) },
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(expires ? { expirationDate: new Date(`${expires}T23:59:59`).toISOString() } : {}),
      },
      { onSuccess: (r) => setIssued(r.giftCard) },
    );
  };
  if (issued?.code) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title={`Gift card of ${issued.initialBalance.formattedAmount} issued`}>
          Copy the code now and give it to its owner: it is shown only this once.
        </Alert>
        <p
          className="rounded-md border border-neutral-200 bg-neutral-50 p-4 text-center font-mono text-lg tracking-wider"
          data-testid="gift-card-code"
        >
          {issued.code}
        </p>
        <div className="flex gap-2">
          <CopyButton text={issued.code} label="Copy code" />
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('amount', amount, setAmount)} inputMode="decimal" />
      <TextField
        label="Expires on"
        hint="Optional."
        type="date"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
      />
      <TextField {...form.bind('note', note, setNote)} placeholder="For Ann’s birthday" />
      <FormProblems form={form} error={issue.error} />
      <FormActions submitLabel="Issue card" busy={issue.isPending} onCancel={onClose} />
    </form>
  );
}
