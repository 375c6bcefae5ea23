import { useState } from 'react';
import type { Member } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import type { PlazaClient } from '../../plaza.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { useMembersMutation } from '../data.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { assigneeProblem, ContentAssigneeChoice, type ContentAssignee } from './ContentAssigneeChoice.js';
import { actionBlocker, memberName, type MemberAction } from './memberRules.js';

interface ActionCopy {
  label: string;
  done: string;
  /** Destructive actions ask first: the dialog's title and what happens. */
  confirm?: { title: string; body: string; button: string };
  /** Contributors may do the harmless ones. */
  contributor?: boolean;
}

const copy = (name: string): Record<MemberAction, ActionCopy> => ({
  approve: { label: 'Approve', done: `${name} is approved` },
  block: {
    label: 'Block',
    done: `${name} is blocked`,
    confirm: {
      title: `Block ${name}?`,
      body: 'They are signed out at once and cannot log in until you approve them again.',
      button: 'Block member',
    },
  },
  mute: { label: 'Mute', done: `${name} is muted`, contributor: true },
  unmute: { label: 'Unmute', done: `${name} is no longer muted`, contributor: true },
  disconnect: {
    label: 'Disconnect',
    done: `${name} is disconnected`,
    confirm: {
      title: `Disconnect ${name}?`,
      body: 'They are signed out at once and set offline: they cannot log in until you approve them again.',
      button: 'Disconnect member',
    },
  },
  delete: {
    label: 'Delete…',
    done: `${name} was deleted`,
    confirm: {
      title: `Delete ${name}?`,
      body: 'Their account is deleted for good and they are signed out. This cannot be undone.',
      button: 'Delete member',
    },
  },
});

/** Approve, block, mute or unmute, disconnect and delete, each available only when the member's state allows it. */
export function MemberActions({ member, onDeleted }: { member: Member; onDeleted: () => void }) {
  const plaza = usePlaza();
  const { member: me } = useAuth();
  const toast = useToast();
  const texts = copy(memberName(member));
  const [confirming, setConfirming] = useState<MemberAction | null>(null);
  const [assignee, setAssignee] = useState<ContentAssignee>(undefined);
  const [problem, setProblem] = useState<string | null>(null);

  const act = useMembersMutation(
    (action: MemberAction) => callFor(plaza, member.id, action, assignee),
    (_r, action) => {
      setConfirming(null);
      toast(texts[action].done);
      if (action === 'delete') onDeleted();
    },
  );

  // An action the member's state rules out is not offered at all (no "Approve" for an approved member); one the
  // caller may not do stays visible, saying why.
  const applies = (action: MemberAction) => actionBlocker(member, action) === null;
  const blocker = (action: MemberAction) =>
    blockedReason(texts[action], action, me?.role === 'OWNER', me?.id === member.id);
  const run = (action: MemberAction) => {
    act.reset();
    if (texts[action].confirm) setConfirming(action);
    else act.mutate(action);
  };
  const button = (action: MemberAction, variant: 'primary' | 'secondary' | 'danger' = 'secondary') =>
    applies(action) && (
      <GuardedButton
        variant={variant}
        blockedReason={blocker(action)}
        busy={act.isPending && act.variables === action && !confirming}
        onClick={() => run(action)}
      >
        {texts[action].label}
      </GuardedButton>
    );

  return (
    <section aria-labelledby="member-actions-title">
      <h3 id="member-actions-title" className="mb-2 text-sm font-semibold">
        Actions
      </h3>
      {member.role === 'OWNER' && <p className="text-sm text-neutral-600">The site owner can't be changed here.</p>}
      <div className="flex flex-wrap gap-2">
        {button('approve', 'primary')}
        {button('block')}
        {member.activityStatus === 'MUTED' ? button('unmute') : button('mute')}
        {button('disconnect')}
        {button('delete', 'danger')}
      </div>
      {act.error && !confirming && (
        <div className="mt-3">
          <ErrorMessage error={act.error} />
        </div>
      )}
      <ConfirmMemberAction
        action={confirming}
        copy={confirming ? texts[confirming].confirm : undefined}
        busy={act.isPending}
        error={act.error}
        memberId={member.id}
        assignee={assignee}
        onAssignee={(value) => {
          setAssignee(value);
          setProblem(null);
        }}
        problem={problem}
        onConfirm={() => {
          const incomplete = confirming === 'delete' ? assigneeProblem(assignee) : null;
          setProblem(incomplete);
          if (confirming && !incomplete) act.mutate(confirming);
        }}
        onCancel={() => {
          setConfirming(null);
          setAssignee(undefined);
          setProblem(null);
          act.reset();
        }}
      />
    </section>
  );
}

/** The member API call behind each action; deleting hands the member's content to the chosen assignee. */
function callFor(
  plaza: PlazaClient,
  memberId: string,
  action: MemberAction,
  assignee: ContentAssignee,
): Promise<unknown> {
  const m = plaza.members;
  switch (action) {
    case 'approve':
      return m.approveMember(memberId);
    case 'block':
      return m.blockMember(memberId);
    case 'mute':
      return m.muteMember(memberId);
    case 'unmute':
      return m.unmuteMember(memberId);
    case 'disconnect':
      return m.disconnectMember(memberId);
    case 'delete':
      return m.deleteMember(memberId, assignee ?? undefined);
  }
}

/** Why the caller may not take an action: contributors only the harmless ones, and nobody most of them on themself. */
function blockedReason(text: ActionCopy, action: MemberAction, isOwner: boolean, isSelf: boolean): string | null {
  if (!isOwner && !text.contributor) return `Only the owner can ${text.label.replace('…', '').toLowerCase()} members.`;
  if (isSelf && action !== 'mute' && action !== 'unmute') return 'You cannot do this to yourself.';
  return null;
}

/** The confirmation of a destructive action; deleting first asks who gets the member's content. */
function ConfirmMemberAction({
  action,
  copy,
  busy,
  error,
  memberId,
  assignee,
  onAssignee,
  problem,
  onConfirm,
  onCancel,
}: {
  action: MemberAction | null;
  copy: ActionCopy['confirm'];
  busy: boolean;
  error: unknown;
  memberId: string;
  assignee: ContentAssignee;
  onAssignee: (value: ContentAssignee) => void;
  problem: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={action !== null}
      title={copy?.title ?? ''}
      confirmLabel={copy?.button ?? ''}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{copy?.body}</p>
      {action === 'delete' && (
        <div className="mt-4">
          <ContentAssigneeChoice value={assignee} onChange={onAssignee} exclude={[memberId]} />
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {error != null && (
        <div className="mt-3">
          <ErrorMessage error={error} />
        </div>
      )}
    </ConfirmDialog>
  );
}
