/**
 * What this node's placements came to since it started. Counted in the process, not read from the tables: a
 * counter per node is what Prometheus sums and rates across nodes and restarts, and counting every order ever
 * placed at each scrape would read a table that only grows.
 */
export interface OrderMetrics {
  /** Orders written by a placement (a repeated placement answering with the earlier order is not counted). */
  placed: number;
  /** Placements that ended in an error, declined cards included. */
  placementsFailed: number;
  /** Card authorizations the provider declined at placement. */
  paymentsDeclined: number;
}

const counts: OrderMetrics = { placed: 0, placementsFailed: 0, paymentsDeclined: 0 };

export function countPlacement(outcome: 'placed' | 'failed' | 'declined'): void {
  if (outcome === 'placed') counts.placed++;
  else {
    counts.placementsFailed++;
    if (outcome === 'declined') counts.paymentsDeclined++;
  }
}

/** This node's placement counters (`/metrics`). */
export function orderMetrics(): OrderMetrics {
  return { ...counts };
}
