import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { orderQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Skeleton } from '../../../ui/Skeleton.js';

/**
 * The order named in the address (`:orderId`), for its page and its packing slip: its data once loaded, else what
 * stands in the page meanwhile (a skeleton, or the error with Retry).
 */
export function useRouteOrder() {
  const { orderId = '' } = useParams();
  const { data, error, isPending, isFetching, refetch } = useQuery(orderQueries.order(usePlaza(), orderId));
  if (isPending) return { waiting: (<Skeleton className="h-64 w-full" />) as ReactNode };
  if (error) return { waiting: <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} /> };
  return { data };
}
