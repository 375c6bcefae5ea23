import { useId, useState } from 'react';
import type { Member } from '@plaza/contracts';
import { useAuth, useMembersQuery } from '@plaza/react';
import { inputClass } from '../../ui/Field.js';
import { Spinner } from '../../ui/Spinner.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';

import { memberName } from './memberRules.js';

/**
 * What happens to the reviews of deleted members: removed (undefined), given to the member with this id, or `null`
 * while "give them to another member" is chosen but no member yet (the dialog must not confirm then).
 */
export type ContentAssignee = string | undefined | null;

/** The `contentAssigneeId` to send, or an error in words while the choice is incomplete. */
export function assigneeProblem(value: ContentAssignee): string | null {
  return value === null ? 'Choose the member who gets their reviews, or delete the reviews too.' : null;
}

/**
 * The delete dialogs' choice: remove the deleted members' reviews, or reassign them to another member (the owner by
 * default, or one found by search). `exclude` keeps the members being deleted out of the search results.
 */
export function ContentAssigneeChoice({
  value,
  onChange,
  exclude = [],
}: {
  value: ContentAssignee;
  onChange: (value: ContentAssignee) => void;
  exclude?: readonly string[];
}) {
  const { member: me } = useAuth();
  const name = useId();
  const [reassign, setReassign] = useState(value !== undefined);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(
    value && me && value === me.id ? { id: me.id, name: 'You' } : null,
  );
  const choose = (pick: { id: string; name: string }) => {
    setChosen(pick);
    onChange(pick.id);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Their reviews</legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name={name}
          className="mt-0.5 h-4 w-4 accent-accent"
          checked={!reassign}
          onChange={() => {
            setReassign(false);
            onChange(undefined);
          }}
        />
        <span>Delete their reviews too</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name={name}
          className="mt-0.5 h-4 w-4 accent-accent"
          checked={reassign}
          onChange={() => {
            setReassign(true);
            onChange(chosen?.id ?? null);
          }}
        />
        <span>Keep their reviews and give them to another member</span>
      </label>
      {reassign && (
        <div className="ml-6 space-y-2">
          {chosen ? (
            <p className="text-sm">
              Reviews go to <strong className="font-medium">{chosen.name}</strong>.{' '}
              <button
                type="button"
                className="text-accent underline underline-offset-2"
                onClick={() => {
                  setChosen(null);
                  onChange(null);
                }}
              >
                Change
              </button>
            </p>
          ) : (
            <MemberPicker
              exclude={exclude}
              onPick={(m) => choose({ id: m.id, name: memberName(m) })}
              onPickMe={me && !exclude.includes(me.id) ? () => choose({ id: me.id, name: 'You' }) : undefined}
            />
          )}
        </div>
      )}
    </fieldset>
  );
}

/** Finds a member by name or e-mail: the first matches as buttons. */
function MemberPicker({
  exclude,
  onPick,
  onPickMe,
}: {
  exclude: readonly string[];
  onPick: (member: Member) => void;
  onPickMe: (() => void) | undefined;
}) {
  const [text, setText] = useState('');
  const expression = useDebouncedValue(text.trim(), 300);
  const results = useMembersQuery({
    query: { paging: { limit: 6 } },
    ...(expression ? { search: { expression } } : {}),
    fieldsets: ['FULL'],
  });
  const matches = (results.data?.members ?? []).filter((m) => !exclude.includes(m.id)).slice(0, 5);
  return (
    <div className="space-y-2">
      {onPickMe && (
        <button type="button" className="text-sm text-accent underline underline-offset-2" onClick={onPickMe}>
          Give them to me
        </button>
      )}
      <label htmlFor="assignee-search" className="block text-sm text-neutral-700">
        Or find a member
      </label>
      <input
        id="assignee-search"
        type="search"
        className={inputClass}
        placeholder="Name or e-mail"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {results.isFetching && !results.data ? (
        <Spinner className="text-neutral-400" />
      ) : matches.length === 0 ? (
        <p className="text-xs text-neutral-600">No member matches.</p>
      ) : (
        <ul
          aria-label="Matching members"
          className="max-h-48 divide-y divide-neutral-100 overflow-y-auto rounded-md border border-neutral-200"
        >
          {matches.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => onPick(m)}
                className="block w-full px-3 py-2 text-left text-sm hover:bg-neutral-50 focus-visible:bg-neutral-50"
              >
                <span className="font-medium">{memberName(m)}</span>
                {m.loginEmail && <span className="block text-xs text-neutral-500">{m.loginEmail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
