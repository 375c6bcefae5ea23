import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="rounded-lg border border-dashed border-neutral-300 bg-neutral-50 px-6 py-10 text-center">
      <p className="text-base font-medium text-neutral-900">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-md text-sm text-neutral-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
