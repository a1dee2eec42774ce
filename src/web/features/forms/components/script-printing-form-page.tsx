import { DOCUMENT_KINDS, PAPER_SIZES, PRINT_COLORS } from '../../../../shared/form-options';
import type { ScriptPrintingInput } from '../../../../shared/schemas/forms';
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

/** /scriptprintingform: print jobs (cards, brochures, flyers, posters) for an activated member. */
export function ScriptPrintingFormPage() {
  const details = memberDetails(useSession().user);
  const { form, shell } = useMemberForm<ScriptPrintingInput>('script-printing', { ...defaults, name: details.fullName, email: details.email, phone: details.phone });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormShell title="Script Printing Form" lead="Order business cards, brochures, flyers, posters or a custom print." {...shell} prefilled>
      <TextField label="Name" autoComplete="name" {...register('name')} error={errors.name?.message} />
      <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
      <SelectField label="Document type" placeholder="Select a document" options={DOCUMENT_KINDS} {...register('documentType')} error={errors.documentType?.message} />
      <TextField label="Quantity" type="number" min={1} step={1} inputMode="numeric" {...register('quantity')} error={errors.quantity?.message} />
      <SelectField label="Paper size" placeholder="Select a size" options={PAPER_SIZES} {...register('paperSize')} error={errors.paperSize?.message} />
      <RadioGroupField label="Color" options={PRINT_COLORS} registration={register('color')} error={errors.color?.message} full />
      <div className="form__full">
        <TextAreaField label="Comments (optional)" rows={3} {...register('comments')} error={errors.comments?.message} />
      </div>
    </FormShell>
  );
}
