import { useState, type FormEvent } from 'react';
import type { Member, MemberRoleName } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { useMembersMutation } from '../data.js';
import { SelectField } from '../ui/SelectField.js';
import { memberName, roleLabels } from './memberRules.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';

const choices: Array<{ value: MemberRoleName; label: string }> = [
  { value: 'MEMBER', label: 'Member: takes part in the community' },
  { value: 'CONTRIBUTOR', label: 'Contributor: reads the dashboard, mutes members' },
  { value: 'OWNER', label: 'Owner: can do everything' },
];

/** Changes the member's role (PATCH with the field mask `role`); making someone an owner asks first. */
export function MemberRoleForm({ member }: { member: Member }) {
  const plaza = usePlaza();
  const { member: me } = useAuth();
  const toast = useToast();
  const current = member.role ?? 'UNDEFINED_ROLE';
  const [role, setRole] = useState<MemberRoleName>(current === 'UNDEFINED_ROLE' ? 'MEMBER' : current);
  const [confirming, setConfirming] = useState(false);
  const save = useMembersMutation(
    (next: MemberRoleName) => plaza.members.updateMember(member.id, { role: next }, ['role']),
    (_r, next) => {
      setConfirming(false);
      toast(`${memberName(member)} is now ${roleLabels[next].toLowerCase()}`);
    },
  );
  const isOwner = me?.role === 'OWNER';
  const self = me?.id === member.id;
  const options = current === 'UNDEFINED_ROLE' ? [{ value: current, label: 'No role' }, ...choices] : choices;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (role === current) return;
    if (role === 'OWNER' || current === 'OWNER') setConfirming(true);
    else save.mutate(role);
  };
  return (
    <section aria-labelledby="member-role-title">
      <h3 id="member-role-title" className="mb-2 text-sm font-semibold">
        Role
      </h3>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          label="Their role"
          className="min-w-0 flex-1"
          value={role}
          options={options}
          onChange={setRole}
          disabled={!isOwner || self}
        />
        <Button type="submit" variant="secondary" busy={save.isPending && !confirming} disabled={role === current}>
          Change role
        </Button>
      </form>
      {(!isOwner || self) && (
        <p className="mt-1 text-xs text-neutral-600">
          {self ? 'You cannot change your own role.' : 'Only the owner can change roles.'}
        </p>
      )}
      {save.error && !confirming && (
        <div className="mt-3">
          <ErrorMessage error={save.error} />
        </div>
      )}
      <DangerConfirm
        open={confirming}
        title={
          role === 'OWNER' ? `Make ${memberName(member)} an owner?` : `Take owner rights from ${memberName(member)}?`
        }
        confirmLabel={role === 'OWNER' ? 'Make owner' : 'Change role'}
        error={save.error}
        busy={save.isPending}
        onConfirm={() => save.mutate(role)}
        onCancel={() => {
          setConfirming(false);
          save.reset();
        }}
      >
        <p>
          {role === 'OWNER'
            ? 'Owners can change every setting, delete members and manage API keys, just like you.'
            : `They become ${roleLabels[role].toLowerCase()} and lose access to the owner's settings.`}
        </p>
      </DangerConfirm>
    </section>
  );
}
