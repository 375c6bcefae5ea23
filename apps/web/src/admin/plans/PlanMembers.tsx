import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { ListMembershipsResponse } from '@plaza/sdk/plans';
import { membershipStatus } from '../../plans/words.js';
import { Badge } from '../../ui/Badge.js';
import { useShortDate } from '../dates.js';
import { useToast } from '../Toast.js';
import { confirmRow, DangerConfirm } from '../ui/DangerConfirm.js';
import { NameCell } from '../ui/NameCell.js';
import { ResourceTable, tableStates } from '../ui/ResourceTable.js';

type Row = ListMembershipsResponse['memberships'][number];

/** Owner-facing words: the holder's "update your card" becomes what it means for the shop. */
export function useOwnerStatus() {
  const day = useShortDate();
  return (m: Row | Parameters<typeof membershipStatus>[0]) => {
    const s = membershipStatus(m, day);
    return m.status === 'PAUSED' ? { ...s, text: 'Paused — payment failed' } : s;
  };
}

/** Revoke (ends it now), confirmed first; shared by the plan's buyers and the member's plans. */
export function useRevoke() {
  const revoke = usePlazaMutation(planMutations.revoke);
  const toast = useToast();
  const [row, setRow] = useState<{ id: string; name: string } | null>(null);
  const dialog = (
    <DangerConfirm
      title={`Revoke ${row?.name ?? 'this plan'}?`}
      confirmLabel="Revoke plan"
      {...confirmRow(row, setRow, revoke, (r) =>
        revoke.mutate(r.id, {
          onSuccess: () => {
            toast(`${r.name} is revoked`);
            setRow(null);
          },
        }),
      )}
    >
      <p>The benefits stop now and any renewal is stopped. Nothing is refunded by this.</p>
    </DangerConfirm>
  );
  return { ask: setRow, dialog };
}

/** A plan's buyers: who, their state, since when; a row opens the member. */
export function PlanMembers({ planId }: { planId: string }) {
  const list = useQuery(planQueries.memberships(usePlaza(), { planId, limit: 100 }));
  const navigate = useNavigate();
  const status = useOwnerStatus();
  const day = useShortDate();
  const revoke = useRevoke();
  return (
    <section aria-labelledby="plan-buyers">
      <h2 id="plan-buyers" className="mb-3 text-base font-semibold">
        Buyers
      </h2>
      <ResourceTable<Row>
        noun={{ one: 'buyer', other: 'buyers' }}
        rows={list.data?.memberships}
        total={list.data?.memberships.length}
        rowKey={(m) => m.id}
        rowLabel={(m) => m.member.name}
        {...tableStates(list)}
        onOpen={(m) => void navigate(`/admin/members?member=${m.memberId}`)}
        columns={[
          {
            header: 'Member',
            primary: true,
            // A member without a name goes by their e-mail: it is then said once.
            cell: (m) => (
              <NameCell
                opens
                name={m.member.name}
                detail={m.member.email !== m.member.name ? m.member.email : undefined}
              />
            ),
          },
          { header: 'Since', className: 'w-32', cell: (m) => day(m.startDate) },
          {
            header: 'Status',
            className: 'w-72',
            cell: (m) => {
              const s = status(m);
              return <Badge tone={s.tone}>{s.text}</Badge>;
            },
          },
        ]}
        actions={[
          {
            label: 'Revoke',
            danger: true,
            when: (m) => m.status !== 'ENDED',
            onSelect: (m) => revoke.ask({ id: m.id, name: `${m.member.name}’s plan` }),
          },
        ]}
        empty={{ title: 'No buyers yet', body: 'Share the plan, or give it to a member from their page.' }}
      />
      {revoke.dialog}
    </section>
  );
}
