import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
}

export function Card({ title, description, className, children, ...props }: CardProps) {
  return (
    <section className={cx('rounded-lg border border-neutral-200 bg-white p-5 shadow-xs', className)} {...props}>
      {title && <h2 className="text-base font-semibold text-neutral-900">{title}</h2>}
      {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      {children && <div className={cx(Boolean(title || description) && 'mt-4')}>{children}</div>}
    </section>
  );
}
