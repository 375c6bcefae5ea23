import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planQueries, usePlaza } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { buttonClass } from '../../ui/Button.js';
import { priceWords } from '../../plans/words.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { NameCell } from '../ui/NameCell.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { PageHeader } from '../ui/PageHeader.js';
import { ResourceTable, tableStates, type Column } from '../ui/ResourceTable.js';
import { buyersWords, PlanStatus } from './PlanStatus.js';

type Shown = 'ACTIVE' | 'ARCHIVED';

/** /admin/store/plans: the paid plans, their price, buyers and state; a row opens the plan's page. */
export const PlansPage = ownerOnlyPage('Plans', 'plans', PlansScreen);

const AddPlan = () => (
  <Link to="/admin/store/plans/new" className={buttonClass()}>
    Create plan
  </Link>
);

function PlansScreen() {
  const [shown, setShown] = useState<Shown>('ACTIVE');
  const list = useQuery(planQueries.list(usePlaza(), { status: shown, limit: 100 }));
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Plans"
        description="Memberships your customers buy once or pay for regularly, with credits, member prices and more."
        actions={<AddPlan />}
      />
      <div className="mb-3">
        <FilterTabs<Shown>
          label="Show"
          value={shown}
          onChange={setShown}
          tabs={[
            { value: 'ACTIVE', label: 'Current' },
            { value: 'ARCHIVED', label: 'Archived' },
          ]}
        />
      </div>
      <ResourceTable<Plan>
        noun={{ one: 'plan', other: 'plans' }}
        rows={list.data?.plans}
        total={list.data?.plans.length}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        {...tableStates(list)}
        onOpen={(p) => void navigate(`/admin/store/plans/${p.id}`)}
        columns={COLUMNS}
        // Archiving is on the plan's page, after a confirmation; rows keep one action so they stay one line high.
        actions={[{ label: 'Edit', onSelect: (p) => void navigate(`/admin/store/plans/${p.id}/edit`) }]}
        empty={
          shown === 'ARCHIVED'
            ? { title: 'No archived plans' }
            : {
                title: 'No plans yet',
                body: 'Offer a membership: a coffee club, free delivery for a year, member prices…',
                action: <AddPlan />,
              }
        }
      />
    </>
  );
}

const COLUMNS: Array<Column<Plan>> = [
  {
    header: 'Plan',
    primary: true,
    cell: (p) => <NameCell opens name={p.name} detail={p.visibility === 'HIDDEN' ? 'Shared by link' : undefined} />,
  },
  { header: 'Price', className: 'w-44', cell: (p) => priceWords(p) },
  { header: 'Buyers', className: 'w-28', cell: (p) => buyersWords(p) },
  { header: 'Status', className: 'w-32', cell: (p) => <PlanStatus plan={p} /> },
];
