import { type InputHTMLAttributes, useCallback, useState } from 'react';
import type { Path } from 'react-hook-form';
import {
  DISCOVERY_SOURCES,
  GENDERS,
  MOVIE_ROLES,
  REGISTRATION_CATEGORIES,
  ROLE_TYPES,
  YES_NO,
} from '../../../../shared/form-options';
import { MARITAL_STATUSES } from '../../../../shared/options';
import type { ArtistMembershipInput } from '../../../../shared/schemas/forms';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { useSession } from '../../../lib/session';
import { CheckboxListField, FileField, FormSection, FormShell, RadioGroupField } from './form-shell';
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

/** The form's sections, in order, with the fields each holds: Next checks these, and a refusal shows its section. */
const SECTIONS = [
  {
    id: 'personal',
    title: 'Personal details',
    fields: ['registrationCategory', 'surname', 'firstName', 'lastName', 'motherName', 'nationality', 'gender', 'dateOfBirth', 'religion', 'tribe', 'educationLevel', 'graduationYear', 'occupation', 'maritalStatus', 'roleType'],
  },
  {
    id: 'contact',
    title: 'Contact and address',
    fields: ['stateOfResidence', 'cityOfResidence', 'callNumber1', 'whatsappNumber', 'email', 'address', 'landmark', 'lga', 'nationalId', 'taxNumber', 'hasId', 'lastVisited', 'howDidYouKnow'],
  },
  { id: 'body', title: 'Body measurements', fields: ['heightFt', 'heightInch', 'weight', 'chest', 'hairColor', 'eyeColor'] },
  {
    id: 'production',
    title: 'Production house',
    fields: ['inProduction', 'productionHouseName', 'position', 'joinedYear', 'producerName', 'producerContact', 'producerEmail', 'productionState', 'productionAddress', 'productionLandmark'],
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
  const text = (name: Name, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField label={label} {...props} {...register(name)} error={error(name)} />
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
        <RadioGroupField label="Registration category" options={REGISTRATION_CATEGORIES} registration={register('registrationCategory')} error={error('registrationCategory')} full />
        {text('surname', 'Surname', { autoComplete: 'family-name' })}
        {text('firstName', 'First name', { autoComplete: 'given-name' })}
        {text('lastName', 'Last name')}
        {text('motherName', "Mother's name")}
        {text('nationality', 'Nationality')}
        <RadioGroupField label="Gender" options={GENDERS} registration={register('gender')} error={error('gender')} />
        {text('dateOfBirth', 'Date of birth *', { type: 'date', autoComplete: 'bday' })}
        {text('religion', 'Religion')}
        {text('tribe', 'Tribe')}
        {text('educationLevel', 'Education level')}
        {text('graduationYear', 'Graduation year', { type: 'number', min: 1900, step: 1, inputMode: 'numeric' })}
        {text('occupation', 'Occupation')}
        <SelectField label="Marital status" placeholder="Select a status" options={MARITAL_STATUSES} {...register('maritalStatus')} error={error('maritalStatus')} />
        <RadioGroupField label="Role type" options={ROLE_TYPES} registration={register('roleType')} error={error('roleType')} />
      </FormSection>

      <FormSection {...section(1)}>
        {text('stateOfResidence', 'State of residence')}
        {text('cityOfResidence', 'City of residence')}
        {text('callNumber1', 'Call number', { type: 'tel', autoComplete: 'tel' })}
        {text('whatsappNumber', 'WhatsApp number', { type: 'tel' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {text('address', 'Address', { autoComplete: 'street-address' })}
        {text('landmark', 'Landmark')}
        {text('lga', 'LGA')}
        {text('nationalId', 'National ID number')}
        {text('taxNumber', 'Tax number')}
        <RadioGroupField label="Do you have an ID card?" options={YES_NO} registration={register('hasId')} error={error('hasId')} />
        {text('lastVisited', 'Last visited', { type: 'date' })}
        <CheckboxListField label="How did you know about us?" options={DISCOVERY_SOURCES} registration={register('howDidYouKnow')} error={error('howDidYouKnow')} />
      </FormSection>

      <FormSection {...section(2)}>
        {text('heightFt', 'Height (ft) *', { type: 'number', min: 1, max: 8, step: 1, inputMode: 'numeric' })}
        {text('heightInch', 'Height (inch) *', { type: 'number', min: 0, max: 11, step: 1, inputMode: 'numeric' })}
        {text('weight', 'Weight (kg) *', { type: 'number', min: 1, step: 'any', inputMode: 'decimal' })}
        {text('chest', 'Chest (cm) *', { type: 'number', min: 1, step: 'any', inputMode: 'decimal' })}
        {text('hairColor', 'Hair color *')}
        {text('eyeColor', 'Eye color *')}
      </FormSection>

      <FormSection {...section(3)}>
        <RadioGroupField label="Are you in a production?" options={YES_NO} registration={register('inProduction')} error={error('inProduction')} full />
        {text('productionHouseName', 'Production house name')}
        {text('position', 'Position')}
        {text('joinedYear', 'Date joined', { type: 'date' })}
        {text('producerName', 'Producer name')}
        {text('producerContact', 'Producer contact', { type: 'tel' })}
        {text('producerEmail', 'Producer email', { type: 'email' })}
        {text('productionState', 'Production state')}
        {text('productionAddress', 'Production address')}
        {text('productionLandmark', 'Production landmark')}
      </FormSection>

      <FormSection {...section(4)}>
        {text('movieName', 'Movie name')}
        {text('movieYear', 'Movie date', { type: 'date' })}
        <SelectField label="Movie role" placeholder="Select a role" options={MOVIE_ROLES} {...register('movieRole')} error={error('movieRole')} />
        {text('actedYear', 'Date acted', { type: 'date' })}
        {text('directorName', 'Director name')}
        {text('castName', 'Cast name')}
      </FormSection>

      <FormSection {...section(5)}>
        <div className="form__full">
          <TextAreaField label="Why did you leave your last production?" rows={3} {...register('leaveReasons')} error={error('leaveReasons')} />
          <TextAreaField label="Why do you want to become a member?" rows={3} {...register('membershipReasons')} error={error('membershipReasons')} />
        </div>
      </FormSection>

      <FormSection {...section(6)}>
        {definition.files.map((file) => (
          <FileField key={file.field} file={{ ...file, label: `${file.label} *` }} value={files[file.field]} error={fileErrors[file.field]} onChange={(chosen) => setFile(file.field, chosen)} />
        ))}
        <div className="form__full">
          <CheckboxField label="I accept the terms and conditions of membership" {...register('termsAccepted')} error={error('termsAccepted')} />
        </div>
      </FormSection>
    </FormShell>
  );
}
