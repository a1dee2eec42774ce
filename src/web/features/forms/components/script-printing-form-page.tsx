import type { ScriptPrintingInput } from '../../../../shared/schemas/forms';
import { SCRIPT_PRINTING_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { FormShell, RadioGroupField } from './form-shell';
import { memberDetails } from './member-details';
import { useMemberForm } from './use-member-form';

const defaults: ScriptPrintingInput = {
  name: '',
  email: '',
  phone: '',
  documentType: '' as ScriptPrintingInput['documentType'],
  quantity: '1',
  paperSize: '' as ScriptPrintingInput['paperSize'],
  color: '' as ScriptPrintingInput['color'],
  comments: '',
};

const F = fieldsByName(SCRIPT_PRINTING_FIELDS);

/** /scriptprintingform: print jobs (cards, brochures, flyers, posters) for an activated member. */
export function ScriptPrintingFormPage() {
  const details = memberDetails(useSession().user);
  const { field, choice, errors, shell } = useMemberForm<ScriptPrintingInput>('script-printing', {
    ...defaults,
    name: details.fullName,
    email: details.email,
    phone: details.phone,
  });
  return (
    <FormShell title="Script Printing Form" lead="Order business cards, brochures, flyers, posters or a custom print." {...shell} prefilled>
      <TextField label={promptOf(F.name)} autoComplete="name" {...field('name')} error={errors.name?.message} />
      <TextField label={promptOf(F.email)} type="email" autoComplete="email" {...field('email')} error={errors.email?.message} />
      <TextField label={promptOf(F.phone)} type="tel" autoComplete="tel" {...field('phone')} error={errors.phone?.message} />
      <SelectField
        label={promptOf(F.documentType)}
        placeholder="Select a document"
        options={F.documentType.options}
        {...field('documentType')}
        error={errors.documentType?.message}
      />
      <TextField label={promptOf(F.quantity)} type="number" min={1} step={1} inputMode="numeric" {...field('quantity')} error={errors.quantity?.message} />
      <SelectField
        label={promptOf(F.paperSize)}
        placeholder="Select a size"
        options={F.paperSize.options}
        {...field('paperSize')}
        error={errors.paperSize?.message}
      />
      <RadioGroupField label={promptOf(F.color)} options={F.color.options} {...choice('color')} error={errors.color?.message} full />
      <div className="form__full">
        <TextAreaField label={promptOf(F.comments)} rows={3} {...field('comments')} error={errors.comments?.message} />
      </div>
    </FormShell>
  );
}
