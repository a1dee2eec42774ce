import type { CampingInput } from '../../../../shared/schemas/forms';
import { CAMPING_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import { TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { FormFileField, FormSection, FormShell } from './form-shell';
import { memberDetails } from './member-details';
import { useMemberForm } from './use-member-form';

const defaults: CampingInput = { artistId: '' };

const F = fieldsByName(CAMPING_FIELDS);

/** /campingform: the artist's ID and the seven documents the camp asks for (photos or PDFs). */
export function CampingFormPage() {
  const { memberNumber } = memberDetails(useSession().user);
  const { form, definition, files, fileErrors, setFile, shell } = useMemberForm<CampingInput>('camping', { ...defaults, artistId: memberNumber });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormShell
      title="Camping Form"
      lead="Upload your payment receipts and documents for the camp. Every document is required."
      {...shell}
      showProgress
      prefilled
    >
      <div className="form__full">
        <TextField label={promptOf(F.artistId)} hint="Your member number, e.g. HM-000123" {...register('artistId')} error={errors.artistId?.message} />
      </div>
      <FormSection title="Documents">
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
