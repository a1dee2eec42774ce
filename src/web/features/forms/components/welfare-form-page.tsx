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
  const { field, errors, shell } = useMemberForm<WelfareInput>('welfare', {
    ...defaults,
    name: details.fullName,
    dob: details.dob,
    address: details.address,
    phone: details.phone,
    email: details.email,
  });
  return (
    <FormShell title="Welfare Form" lead="Tell us what support you need; the welfare desk reviews every request." {...shell} prefilled>
      <TextField label={promptOf(F.name)} autoComplete="name" {...field('name')} error={errors.name?.message} />
      <TextField label={promptOf(F.dob)} type="date" autoComplete="bday" {...field('dob')} error={errors.dob?.message} />
      <TextField label={promptOf(F.phone)} type="tel" autoComplete="tel" {...field('phone')} error={errors.phone?.message} />
      <TextField label={promptOf(F.email)} type="email" autoComplete="email" {...field('email')} error={errors.email?.message} />
      <div className="form__full">
        <TextField label={promptOf(F.address)} autoComplete="address-line1" {...field('address')} error={errors.address?.message} />
        <SelectField
          label={promptOf(F.benefits)}
          placeholder="Select a benefit"
          options={F.benefits.options}
          {...field('benefits')}
          error={errors.benefits?.message}
        />
        <TextAreaField label={promptOf(F.comments)} rows={3} {...field('comments')} error={errors.comments?.message} />
      </div>
    </FormShell>
  );
}
