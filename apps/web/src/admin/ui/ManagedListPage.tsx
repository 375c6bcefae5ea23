import type { ReactNode } from 'react';
import { ManagedList, type ManagedListProps } from './ManagedList.js';
import { OwnerOnly } from './OwnerOnly.js';

/** A managed list's setup, built by a hook: its query, mutations, columns and editor. */
export type ManagedListSetup<T> = Omit<ManagedListProps<T>, 'title' | 'description' | 'header'>;

/** A list the server sends whole: its rows, their count, and each row keyed by its id. */
export const wholeList = <T extends { id: string }>(query: { data: readonly T[] | undefined }) => ({
  rows: query.data,
  total: query.data?.length,
  rowKey: (row: T) => row.id,
});

/**
 * A dashboard page that is one managed list of the owner's things (collections, fees, coupons…): the owner's guard,
 * the page heading with the add button, and the list. `useList` runs only for the owner, so the others never ask
 * the server for what it would refuse them.
 */
export function ManagedListPage<T>({
  title,
  what,
  description,
  useList,
}: {
  title: string;
  /** What only the owner sets up, for the others: "collections". */
  what: string;
  description: ReactNode;
  useList: () => ManagedListSetup<T>;
}) {
  return (
    <OwnerOnly title={title} what={what}>
      <ListScreen<T> title={title} description={description} useList={useList} />
    </OwnerOnly>
  );
}

function ListScreen<T>({
  title,
  description,
  useList,
}: {
  title: string;
  description: ReactNode;
  useList: () => ManagedListSetup<T>;
}) {
  const setup = useList();
  return <ManagedList<T> title={title} description={description} {...setup} />;
}
