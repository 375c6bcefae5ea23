import type { ComponentType, ReactNode } from 'react';
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

/**
 * A dashboard page that is the owner's alone: `Screen` mounts (and asks the server) only for the owner, the others
 * read why under the page's title.
 */
export function ownerOnlyPage(title: string, what: string, Screen: ComponentType) {
  return function OwnerOnlyPage() {
    return (
      <OwnerOnly title={title} what={what}>
        <Screen />
      </OwnerOnly>
    );
  };
}
