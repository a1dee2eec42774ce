import { type Path, useFieldArray, useForm } from 'react-hook-form';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { accountHint, MAX_FAQ_ENTRIES, MAX_OFFICES, type SiteSettings } from '../../../../shared/site';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { TextAreaField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { QueryView } from '../../../components/query-view';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';

const checks = lazyZodResolver<SiteSettingsInput>(() => import('../../../../shared/schemas/site-settings').then((m) => m.siteSettingsSchema), { raw: true });

/** The form edits text: an unset detail is an empty box. */
function formValues(settings: SiteSettings): SiteSettingsInput {
  return {
    ...settings,
    email: settings.email ?? '',
    phone: settings.phone ?? '',
    nairaAccount: settings.nairaAccount ?? '',
    dollarAccount: settings.dollarAccount ?? '',
  };
}

/** Admins edit the company details the public pages, receipts and mail show. */
export function SiteSettingsPage() {
  const settings = useSiteSettings();
  return (
    <section aria-labelledby="site-settings-title">
      <h2 id="site-settings-title">Company details</h2>
      <p className="muted">What visitors and members see on the pages, receipts and emails. Leave a box empty to hide that detail.</p>
      <QueryView query={settings}>{(data) => <SiteSettingsForm settings={data} />}</QueryView>
    </section>
  );
}

function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSiteSettings();
  const flash = useFlash();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SiteSettingsInput>({ resolver: checks.resolver, defaultValues: formValues(settings), mode: 'onTouched' });
  const offices = useFieldArray({ control, name: 'offices' });
  const faq = useFieldArray({ control, name: 'faq' });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => {
        flash.showSuccess(data.message);
        reset(formValues(data.settings));
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? []) : [];
        for (const { field, message } of fields) setError(field as Path<SiteSettingsInput>, { message });
        if (fields.length === 0) setError('root.server', { message: error.message });
      },
    }),
  );

  return (
    <form className="form admin-settings" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="admin-settings__group">
        <legend>Company</legend>
        <TextField label="Company name" {...register('companyName')} error={errors.companyName?.message} />
        <TextField label="Email" type="email" hint="Shown on the pages; members write to it" {...register('email')} error={errors.email?.message} />
        <TextField label="Phone" type="tel" hint="As it should be shown, e.g. +234 803 123 4567" {...register('phone')} error={errors.phone?.message} />
      </fieldset>

      <fieldset className="admin-settings__group">
        <legend>Bank accounts for the membership fee</legend>
        <TextField label="Naira account" hint={accountHint('naira')} {...register('nairaAccount')} error={errors.nairaAccount?.message} />
        <TextField label="Dollar account" hint={accountHint('dollar')} {...register('dollarAccount')} error={errors.dollarAccount?.message} />
      </fieldset>

      <fieldset className="admin-settings__group">
        <legend>Offices</legend>
        {offices.fields.length === 0 && <p className="muted">No offices: the contact page shows none.</p>}
        {offices.fields.map((field, index) => (
          <div key={field.id} className="admin-settings__row">
            <TextField
              label={`Office ${index + 1}: name`}
              hint="e.g. Lagos"
              {...register(`offices.${index}.state`)}
              error={errors.offices?.[index]?.state?.message}
            />
            <TextAreaField
              label={`Office ${index + 1}: address`}
              rows={2}
              {...register(`offices.${index}.address`)}
              error={errors.offices?.[index]?.address?.message}
            />
            <button type="button" className="button button--ghost" onClick={() => offices.remove(index)}>
              Remove office {index + 1}
            </button>
          </div>
        ))}
        <FormError message={errors.offices?.root?.message ?? errors.offices?.message} />
        {offices.fields.length < MAX_OFFICES && (
          <button type="button" className="button button--light" onClick={() => offices.append({ state: '', address: '' })}>
            Add an office
          </button>
        )}
      </fieldset>

      <fieldset className="admin-settings__group">
        <legend>More questions for the FAQ</legend>
        <p className="muted">Shown after the portal's own questions (services, booking, fees, contact, paying).</p>
        {faq.fields.map((field, index) => (
          <div key={field.id} className="admin-settings__row">
            <TextField label={`Question ${index + 1}`} {...register(`faq.${index}.question`)} error={errors.faq?.[index]?.question?.message} />
            <TextAreaField label={`Answer ${index + 1}`} rows={3} {...register(`faq.${index}.answer`)} error={errors.faq?.[index]?.answer?.message} />
            <button type="button" className="button button--ghost" onClick={() => faq.remove(index)}>
              Remove question {index + 1}
            </button>
          </div>
        ))}
        <FormError message={errors.faq?.root?.message ?? errors.faq?.message} />
        {faq.fields.length < MAX_FAQ_ENTRIES && (
          <button type="button" className="button button--light" onClick={() => faq.append({ question: '', answer: '' })}>
            Add a question
          </button>
        )}
      </fieldset>

      <FormError message={errors.root?.server?.message} />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending && <ButtonSpinner />} Save company details
      </button>
    </form>
  );
}
