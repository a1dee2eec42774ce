import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../../../shared/money';
import type { Plan } from '../../../../shared/schemas/plans';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { usePlans } from '../../../lib/plans';
import { useUpdatePlan } from '../api/update-plan';
import { fieldErrors } from '../../../lib/field-errors';
import './membership-console.css';

/** /admin/plans (admins): each plan's name, monthly price and perks, as the services page and the fee wizard show them. */
export function PlansPage() {
  const plans = usePlans();
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Plans</h2>
      </div>
      <p className="muted">List only what the portal really gives. A new price applies to slips uploaded and approved from now on.</p>
      <QueryView query={plans}>
        {(list) => (
          <div className="admin__plans">
            {list.map((plan) => (
              <PlanForm key={`${plan.id}-${plan.priceKobo}-${plan.name}-${plan.perks.join('|')}`} plan={plan} />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}

function PlanForm({ plan }: { plan: Plan }) {
  const update = useUpdatePlan();
  const flash = useFlash();
  const [name, setName] = useState(plan.name);
  const [naira, setNaira] = useState(String(plan.priceKobo / 100));
  const [perks, setPerks] = useState(plan.perks.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const priceKobo = naira.trim() === '' ? Number.NaN : Math.round(Number(naira) * 100);
    const perkList = perks
      .split('\n')
      .map((perk) => perk.trim())
      .filter(Boolean);
    update.mutate(
      { id: plan.id, name, priceKobo, perks: perkList },
      {
        onSuccess: ({ message }) => flash.showSuccess(`${message} ${name}: ${formatNaira(priceKobo)} a month.`),
        onError: (failure) => setErrors(fieldErrors(failure)),
      },
    );
  }

  return (
    <form className="card admin__stack-form" onSubmit={submit} aria-label={`Plan ${plan.name}`} noValidate>
      <h3>{plan.name}</h3>
      <TextField label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required error={errors.name} />
      <TextField
        label="Monthly price (naira)"
        name="price"
        type="number"
        inputMode="decimal"
        min={1}
        step="0.01"
        value={naira}
        onChange={(e) => setNaira(e.target.value)}
        required
        error={errors.priceKobo}
      />
      <TextAreaField label="Perks (one a line)" name="perks" rows={8} value={perks} onChange={(e) => setPerks(e.target.value)} error={errors.perks} />
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending && <ButtonSpinner />} Save {plan.name}
      </button>
    </form>
  );
}
