import { todayInLagos } from '../../../../shared/dates';
import type { EventInput } from '../../../../shared/schemas/forms';
import { EVENT_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { SelectField, TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { FormFileField, FormSection, FormShell } from './form-shell';
import { memberDetails } from './member-details';
import { useMemberForm } from './use-member-form';

const defaults: EventInput = {
  surname: '',
  firstName: '',
  registrationNumber: '',
  companyId: '',
  selectedEvent: '' as EventInput['selectedEvent'],
  amountPaid: '',
  paymentDate: '',
};

const F = fieldsByName(EVENT_FIELDS);

/** /eventform: a donation or ticket for a company event, with the teller, a passport photo and a signature. */
export function EventFormPage() {
  const details = memberDetails(useSession().user);
  const { form, definition, files, fileErrors, setFile, shell } = useMemberForm<EventInput>('event', {
    ...defaults,
    surname: details.surname,
    firstName: details.firstName,
    registrationNumber: details.memberNumber,
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormShell title="Event Form" lead="Donate to a visitation or buy a ticket for a company event. All fields are required." {...shell} showProgress prefilled>
      <TextField label={promptOf(F.surname)} autoComplete="family-name" {...register('surname')} error={errors.surname?.message} />
      <TextField label={promptOf(F.firstName)} autoComplete="given-name" {...register('firstName')} error={errors.firstName?.message} />
      <TextField
        label={promptOf(F.registrationNumber)}
        hint="Your member number, e.g. HM-000123"
        {...register('registrationNumber')}
        error={errors.registrationNumber?.message}
      />
      <TextField label={promptOf(F.companyId)} {...register('companyId')} error={errors.companyId?.message} />
      <div className="form__full">
        <SelectField
          label={promptOf(F.selectedEvent)}
          placeholder="Select an event"
          options={F.selectedEvent.options}
          {...register('selectedEvent')}
          error={errors.selectedEvent?.message}
        />
      </div>
      <TextField
        label={promptOf(F.amountPaid)}
        type="number"
        min={0.01}
        step={0.01}
        inputMode="decimal"
        {...register('amountPaid')}
        error={errors.amountPaid?.message}
      />
      <TextField label={promptOf(F.paymentDate)} type="date" max={todayInLagos()} {...register('paymentDate')} error={errors.paymentDate?.message} />
      <FormSection title="Uploads">
        {definition.files.map((file) => (
          <FormFileField
            key={file.field}
            file={file}
            value={files[file.field]}
            error={fileErrors[file.field]}
            onChange={(chosen) => setFile(file.field, chosen)}
          />
        ))}
      </FormSection>
    </FormShell>
  );
}
