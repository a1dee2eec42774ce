import { type InputHTMLAttributes, useCallback, useState } from 'react';
import type { Path } from 'react-hook-form';
import { ARTIST_MEMBERSHIP_FIELDS, fieldsByName, promptOf } from '../../../../shared/form-definitions';
import type { ArtistMembershipInput } from '../../../../shared/schemas/forms';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { CheckboxListField, FormFileField, FormSection, FormShell, RadioGroupField } from './form-shell';
import { memberDetails } from './member-details';
import { type SectionSpec, useFormSections } from './use-form-sections';
import { useMemberForm } from './use-member-form';

// Radio groups start with '' (none chosen), which the shared schema reads as "not given".
const defaults: Partial<ArtistMembershipInput> = {
  registrationCategory: 'movie',
  gender: '' as ArtistMembershipInput['gender'],
  roleType: '' as ArtistMembershipInput['roleType'],
  hasId: '' as ArtistMembershipInput['hasId'],
  inProduction: '' as ArtistMembershipInput['inProduction'],
  howDidYouKnow: [],
  heightFt: '',
  heightInch: '',
  weight: '',
  chest: '',
  hairColor: '',
  eyeColor: '',
  dateOfBirth: '',
  termsAccepted: false,
};

type Name = Path<ArtistMembershipInput>;

const A = fieldsByName(ARTIST_MEMBERSHIP_FIELDS);

/** The form's sections, in order, with the fields each holds: Next checks these, and a refusal shows its section. */
const SECTIONS = [
  {
    id: 'personal',
    title: 'Personal details',
    fields: [
      'registrationCategory',
      'surname',
      'firstName',
      'lastName',
      'motherName',
      'nationality',
      'gender',
      'dateOfBirth',
      'religion',
      'tribe',
      'educationLevel',
      'graduationYear',
      'occupation',
      'maritalStatus',
      'roleType',
    ],
  },
  {
    id: 'contact',
    title: 'Contact and address',
    fields: [
      'stateOfResidence',
      'cityOfResidence',
      'callNumber1',
      'whatsappNumber',
      'email',
      'address',
      'landmark',
      'lga',
      'nationalId',
      'taxNumber',
      'hasId',
      'lastVisited',
      'howDidYouKnow',
    ],
  },
  { id: 'body', title: 'Body measurements', fields: ['heightFt', 'heightInch', 'weight', 'chest', 'hairColor', 'eyeColor'] },
  {
    id: 'production',
    title: 'Production house',
    fields: [
      'inProduction',
      'productionHouseName',
      'position',
      'joinedYear',
      'producerName',
      'producerContact',
      'producerEmail',
      'productionState',
      'productionAddress',
      'productionLandmark',
    ],
  },
  { id: 'movie', title: 'Last movie', fields: ['movieName', 'movieYear', 'movieRole', 'actedYear', 'directorName', 'castName'] },
  { id: 'reasons', title: 'Reasons', fields: ['leaveReasons', 'membershipReasons'] },
  { id: 'uploads', title: 'Uploads and terms', fields: ['passportPicture', 'paymentTeller', 'termsAccepted'] },
] as const satisfies readonly SectionSpec[];

/** What the portal already knows, so the member does not type it again. */
function prefilled(details: ReturnType<typeof memberDetails>): Partial<ArtistMembershipInput> {
  return {
    ...defaults,
    surname: details.surname,
    firstName: details.firstName,
    nationality: details.country,
    dateOfBirth: details.dob,
    occupation: details.occupation,
    maritalStatus: details.maritalStatus,
    callNumber1: details.phone,
    email: details.email,
    address: details.address,
  };
}

/** /artistmembershipform: the full artist record (personal, body, production history) with passport photo and teller. */
export function ArtistMembershipFormPage() {
  const { user } = useSession();
  const [failedFields, setFailedFields] = useState<readonly string[]>([]);
  const { form, definition, files, fileErrors, setFile, checkFields, shell } = useMemberForm<ArtistMembershipInput>(
    'artist-membership',
    prefilled(memberDetails(user)) as ArtistMembershipInput,
    { onErrorFields: setFailedFields },
  );
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;
  const focusField = useCallback(
    (name: string) => {
      if (!definition.files.some((file) => file.field === name)) setFocus(name as Name);
    },
    [definition, setFocus],
  );
  const { steps, isShown } = useFormSections(SECTIONS, { check: checkFields, failedFields, focusField });
  const section = (index: number) => ({ id: SECTIONS[index]!.id, title: SECTIONS[index]!.title, hidden: !isShown(index) });
  const error = (name: Name) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const text = (name: keyof typeof A & Name, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField label={promptOf(A[name])} {...props} {...register(name)} error={error(name)} />
  );

  return (
    <FormShell
      title="Artist Membership Form"
      lead="Register as a movie, music or model artist. Fields marked * are required."
      {...shell}
      steps={steps}
      prefilled
      showProgress
    >
      <FormSection {...section(0)}>
        <RadioGroupField
          label={promptOf(A.registrationCategory)}
          options={A.registrationCategory.options}
          registration={register('registrationCategory')}
          error={error('registrationCategory')}
          full
        />
        {text('surname', { autoComplete: 'family-name' })}
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName')}
        {text('motherName')}
        {text('nationality')}
        <RadioGroupField label={promptOf(A.gender)} options={A.gender.options} registration={register('gender')} error={error('gender')} />
        {text('dateOfBirth', { type: 'date', autoComplete: 'bday' })}
        {text('religion')}
        {text('tribe')}
        {text('educationLevel')}
        {text('graduationYear', { type: 'number', min: 1900, step: 1, inputMode: 'numeric' })}
        {text('occupation')}
        <SelectField
          label={promptOf(A.maritalStatus)}
          placeholder="Select a status"
          options={A.maritalStatus.options}
          {...register('maritalStatus')}
          error={error('maritalStatus')}
        />
        <RadioGroupField label={promptOf(A.roleType)} options={A.roleType.options} registration={register('roleType')} error={error('roleType')} />
      </FormSection>

      <FormSection {...section(1)}>
        {text('stateOfResidence')}
        {text('cityOfResidence')}
        {text('callNumber1', { type: 'tel', autoComplete: 'tel' })}
        {text('whatsappNumber', { type: 'tel' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('address', { autoComplete: 'address-line1' })}
        {text('landmark')}
        {text('lga')}
        {text('nationalId')}
        {text('taxNumber')}
        <RadioGroupField label={promptOf(A.hasId)} options={A.hasId.options} registration={register('hasId')} error={error('hasId')} />
        {text('lastVisited', { type: 'date' })}
        <CheckboxListField
          label={promptOf(A.howDidYouKnow)}
          options={A.howDidYouKnow.options}
          registration={register('howDidYouKnow')}
          error={error('howDidYouKnow')}
        />
      </FormSection>

      <FormSection {...section(2)}>
        {text('heightFt', { type: 'number', min: 1, max: 8, step: 1, inputMode: 'numeric' })}
        {text('heightInch', { type: 'number', min: 0, max: 11, step: 1, inputMode: 'numeric' })}
        {text('weight', { type: 'number', min: 1, step: 'any', inputMode: 'decimal' })}
        {text('chest', { type: 'number', min: 1, step: 'any', inputMode: 'decimal' })}
        {text('hairColor')}
        {text('eyeColor')}
      </FormSection>

      <FormSection {...section(3)}>
        <RadioGroupField
          label={promptOf(A.inProduction)}
          options={A.inProduction.options}
          registration={register('inProduction')}
          error={error('inProduction')}
          full
        />
        {text('productionHouseName')}
        {text('position')}
        {text('joinedYear', { type: 'date' })}
        {text('producerName')}
        {text('producerContact', { type: 'tel' })}
        {text('producerEmail', { type: 'email' })}
        {text('productionState')}
        {text('productionAddress')}
        {text('productionLandmark')}
      </FormSection>

      <FormSection {...section(4)}>
        {text('movieName')}
        {text('movieYear', { type: 'date' })}
        <SelectField
          label={promptOf(A.movieRole)}
          placeholder="Select a role"
          options={A.movieRole.options}
          {...register('movieRole')}
          error={error('movieRole')}
        />
        {text('actedYear', { type: 'date' })}
        {text('directorName')}
        {text('castName')}
      </FormSection>

      <FormSection {...section(5)}>
        <div className="form__full">
          <TextAreaField label={promptOf(A.leaveReasons)} rows={3} {...register('leaveReasons')} error={error('leaveReasons')} />
          <TextAreaField label={promptOf(A.membershipReasons)} rows={3} {...register('membershipReasons')} error={error('membershipReasons')} />
        </div>
      </FormSection>

      <FormSection {...section(6)}>
        {definition.files.map((file) => (
          <FormFileField
            key={file.field}
            file={{ ...file, label: `${file.label} *` }}
            value={files[file.field]}
            error={fileErrors[file.field]}
            onChange={(chosen) => setFile(file.field, chosen)}
          />
        ))}
        <div className="form__full">
          <CheckboxField label={promptOf(A.termsAccepted)} {...register('termsAccepted')} error={error('termsAccepted')} />
        </div>
      </FormSection>
    </FormShell>
  );
}
