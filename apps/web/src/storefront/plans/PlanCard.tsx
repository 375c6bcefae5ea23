import { Link } from 'react-router';
import type { Plan } from '@plaza/sdk/plans';
import { cx } from '../../ui/cx.js';
import { benefitWords, priceDetails, priceWords, validityWords, type TargetNames } from '../../plans/words.js';

/** The plan's picture, or a soft block of the shop's colour with its initial when it has none. */
export function PlanPicture({ plan, className }: { plan: Pick<Plan, 'image' | 'name'>; className?: string }) {
  if (plan.image) {
    return (
      <img
        src={plan.image}
        alt=""
        loading="lazy"
        decoding="async"
        className={cx('aspect-[16/9] w-full rounded-lg bg-neutral-100 object-cover', className)}
      />
    );
  }
  return (
    <div
      aria-hidden
      className={cx(
        'flex aspect-[16/9] w-full items-center justify-center rounded-lg bg-accent-soft text-4xl font-bold text-accent-ink',
        className,
      )}
    >
      {plan.name.slice(0, 1).toUpperCase()}
    </div>
  );
}

/** The price in large type, what else it means in small print, and how long it lasts. */
export function PlanPrice({ plan }: { plan: Plan }) {
  const details = [...priceDetails(plan), validityWords(plan)].filter(Boolean);
  return (
    <div>
      <p className="text-2xl font-bold tracking-tight" data-testid="plan-price">
        {priceWords(plan)}
      </p>
      <p className="mt-1 text-sm text-neutral-600">{details.join(' · ')}</p>
    </div>
  );
}

/** What a member gets, one line each with a tick. */
export function BenefitList({ plan, names }: { plan: Plan; names: TargetNames }) {
  if (!plan.benefits.length) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label="Benefits">
      {plan.benefits.map((b) => (
        <li key={b.id} className="flex gap-2">
          <span aria-hidden className="font-bold text-accent">
            ✓
          </span>
          <span>{benefitWords(b, plan, names)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Sold out (the buyer limit reached) or no longer offered, in words; nothing while it can be bought. */
export function unavailableWords(plan: Plan): string | undefined {
  if (plan.available) return undefined;
  return plan.status === 'ARCHIVED' ? 'No longer offered' : 'Sold out';
}

/** One plan on the plans page: picture, name, price, benefits, and the way to its page. */
export function PlanCard({ plan, names }: { plan: Plan; names: TargetNames }) {
  const closed = unavailableWords(plan);
  return (
    <li className="flex flex-col rounded-xl border border-neutral-200 bg-white p-4 shadow-xs" data-testid="plan-card">
      <PlanPicture plan={plan} />
      <h2 className="mt-4 text-lg font-semibold">
        <Link to={`/plans/${plan.slug}`} className="hover:underline">
          {plan.name}
        </Link>
      </h2>
      <div className="mt-2">
        <PlanPrice plan={plan} />
      </div>
      <div className="mt-4 flex-1">
        <BenefitList plan={plan} names={names} />
      </div>
      <Link
        to={`/plans/${plan.slug}`}
        aria-label={`${closed ? 'See' : 'Join'} ${plan.name}`}
        className={cx(
          'mt-5 inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium',
          closed ? 'border border-neutral-300 text-neutral-700' : 'bg-accent text-white hover:bg-accent-strong',
        )}
      >
        {closed ?? 'Join'}
      </Link>
    </li>
  );
}
