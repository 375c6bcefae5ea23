import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { SkeletonStack } from '../../ui/Skeleton.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { FormPage, useDraft } from '../ui/FormPage.js';
import { MissingNotice } from '../ui/MissingNotice.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { PageHeader } from '../ui/PageHeader.js';
import { BenefitsSection } from './BenefitsEditor.js';
import { AboutSection, PriceSection, SalesSection } from './PlanFields.js';
import {
  benefitProblem,
  changesOf,
  createInputOf,
  draftOf,
  emptyDraft,
  planFieldOf,
  planRules,
  type PlanDraft,
  type PlanField,
} from './planDraft.js';

/** /admin/store/plans/new and /admin/store/plans/:planId/edit: a plan on one form. */
export const PlanFormPage = ownerOnlyPage('Plan', 'plans', PlanFormScreen);

function PlanFormScreen() {
  const { planId } = useParams();
  if (!planId) return <PlanForm plan={null} />;
  return <PlanLoader planId={planId} />;
}

export function usePlanOrMissing(planId: string) {
  return useQuery({ ...planQueries.one(usePlaza(), planId), select: (r) => r.plan });
}

function PlanLoader({ planId }: { planId: string }) {
  const { data, error, isPending, isFetching, refetch } = usePlanOrMissing(planId);
  if (isPending)
    return <SkeletonStack label="Loading the plan" className="space-y-3" bars={['h-8 w-1/3', 'h-40 w-full']} />;
  if ((error as { status?: number } | null)?.status === 404) {
    return <MissingNotice title="Plan not found" backTo="/admin/store/plans" backLabel="Back to plans" />;
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return <PlanForm key={data.updatedDate} plan={data} />;
}

function PlanForm({ plan }: { plan: Plan | null }) {
  const saved = useMemo(() => (plan ? draftOf(plan) : emptyDraft()), [plan]);
  const { draft, set, dirty, undo } = useDraft<PlanDraft>(saved);
  const create = usePlazaMutation(planMutations.create);
  const update = usePlazaMutation(planMutations.update);
  const save = plan ? update : create;
  const navigate = useNavigate();
  const toast = useToast();
  const [tried, setTried] = useState(false);
  const recurring = draft.recurring;
  const form = useFormRules<PlanField>(
    planRules,
    {
      name: draft.name.trim(),
      description: draft.description,
      image: draft.image,
      price: draft.price.trim(),
      interval: recurring ? draft.interval.trim() : '1',
      cycles: recurring ? draft.cycles.trim() : '',
      trialDays: recurring ? draft.trialDays.trim() : '',
      validityCount: draft.validityCount.trim(),
      buyerLimit: draft.buyerLimit.trim(),
    },
    { serverError: save.error, fieldOf: planFieldOf },
  );
  const bind = (name: PlanField) => form.bind(name, draft[name], (v) => set(name, v));
  const benefitsWrong = draft.benefits.some((b) => benefitProblem(b));

  const submit = () => {
    setTried(true);
    if (!form.check() || benefitsWrong) return;
    if (!plan) {
      create.mutate(createInputOf(draft), {
        onSuccess: (r) => {
          toast(`${r.plan.name} is created`);
          void navigate(`/admin/store/plans/${r.plan.id}`, { replace: true });
        },
      });
      return;
    }
    const changes = changesOf(draft, saved);
    if (!Object.keys(changes).length) return undo();
    update.mutate({ id: plan.id, ...changes }, { onSuccess: (r) => toast(`${r.plan.name} is saved`) });
  };
  const link = plan && draft.hidden ? `${window.location.origin}/plans/${plan.slug}` : undefined;
  return (
    <>
      <PageHeader
        title={plan ? `Edit ${plan.name}` : 'Create a plan'}
        description={
          <Link
            to={plan ? `/admin/store/plans/${plan.id}` : '/admin/store/plans'}
            className="text-accent hover:underline"
          >
            ← {plan ? plan.name : 'All plans'}
          </Link>
        }
      />
      <FormPage
        dirty={dirty}
        busy={save.isPending}
        error={form.hasViolations ? undefined : save.error}
        saveLabel={plan ? 'Save' : 'Create plan'}
        untouched={plan ? undefined : 'A new plan.'}
        problem={tried && benefitsWrong ? 'A benefit needs attention: see Benefits.' : undefined}
        onSubmit={submit}
        onUndo={undo}
      >
        <AboutSection draft={draft} set={set} bind={bind} />
        <PriceSection draft={draft} set={set} bind={bind} />
        <SalesSection draft={draft} set={set} bind={bind} link={link} />
        <BenefitsSection
          benefits={draft.benefits}
          onChange={(b) => set('benefits', b)}
          recurring={recurring}
          tried={tried}
        />
        <FormProblems form={form} error={undefined} />
      </FormPage>
    </>
  );
}
