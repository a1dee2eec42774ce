import { formatNaira } from '../../../../shared/money';
import type { Plan } from '../../../../shared/schemas/plans';
import { planOf, usePlans } from '../../../lib/plans';

/** The member's plan as staff priced it; undefined while the plans load. */
export function useChosenPlan(planId: string | null | undefined): Plan | undefined {
  return planOf(usePlans().data, planId);
}

/** What the chosen plan costs for the months chosen: the amount to transfer. */
export function PlanAmount({ plan: planId, months }: { plan: string | null | undefined; months: number }) {
  const plans = usePlans();
  const plan = planOf(plans.data, planId);
  if (!plan) {
    return (
      <p className="fees__amount" role={plans.isError ? 'alert' : undefined}>
        {plans.isError ? `The price could not be loaded: ${plans.error.message}` : 'Loading the price…'}
      </p>
    );
  }
  return (
    <p className="fees__amount" data-testid="plan-amount">
      <strong>{formatNaira(plan.priceKobo * months)}</strong> {months === 1 ? 'for 1 month' : `for ${months} months (${formatNaira(plan.priceKobo)} a month)`} ·{' '}
      {plan.name}
    </p>
  );
}
