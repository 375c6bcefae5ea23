import type { ReactNode } from 'react';
import { useAuth } from '@plaza/react';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from './PageHeader.js';

/** Webhooks, plugins and the store are the owner's (the server refuses contributors): others read why, not a 403. */
export function OwnerOnly({ title, what, children }: { title: string; what: string; children: ReactNode }) {
  const { member: me } = useAuth();
  if (me?.role === 'OWNER') return children;
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="For the site owner">Only the owner sets up {what}.</EmptyState>
    </>
  );
}
