import type { WelfareInput } from '../../../../shared/schemas/forms';
import { WELFARE_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { FormShell } from './form-shell';
import { memberDetails } from './member-details';
import { useMemberForm } from './use-member-form';

const defaults: WelfareInput = {
  name: '',
  dob: '',
  address: '',
  phone: '',
  email: '',
  benefits: '' as WelfareInput['benefits'],
  comments: '',
};

const F = fieldsByName(WELFARE_FIELDS);

/** /welfareform: a request for financial, health, food, housing or education support. */
export function WelfareFormPage() {
  const details = memberDetails(useSession().user);
  const { form, shell } = useMemberForm<WelfareInput>('welfare', {
    ...defaults,
    name: details.fullName,
    dob: details.dob,
    address: details.address,
    phone: details.phone,
    email: details.email,
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormShell title="Welfare Form" lead="Tell us what support you need; the welfare desk reviews every request." {...shell} prefilled>
      <TextField label={promptOf(F.name)} autoComplete="name" {...register('name')} error={errors.name?.message} />
      <TextField label={promptOf(F.dob)} type="date" autoComplete="bday" {...register('dob')} error={errors.dob?.message} />
      <TextField label={promptOf(F.phone)} type="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
      <TextField label={promptOf(F.email)} type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      <div className="form__full">
        <TextField label={promptOf(F.address)} autoComplete="street-address" {...register('address')} error={errors.address?.message} />
        <SelectField
          label={promptOf(F.benefits)}
          placeholder="Select a benefit"
          options={F.benefits.options}
          {...register('benefits')}
          error={errors.benefits?.message}
        />
        <TextAreaField label={promptOf(F.comments)} rows={3} {...register('comments')} error={errors.comments?.message} />
      </div>
    </FormShell>
  );
}
