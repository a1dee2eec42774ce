import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import type { ProfileUpdateInput, User } from '../../../../shared/schemas/users';
import { ApiError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/field-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { useFlash } from '../../../components/flash-context';
import { FileField } from '../../../components/file-field';
import { TextAreaField, TextField } from '../../../components/form-field';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner, Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { Avatar } from './avatar';
import { PendingEmail } from './pending-email';
import './profile.css';
import { toE164 } from '../../../../shared/phone';

type EditValues = Required<Omit<ProfileUpdateInput, 'userId'>>;
const FIELDS = ['fullName', 'email', 'password', 'currentPassword', 'phone', 'title', 'bio', 'address'] as const;
const checks = lazyZodResolver<EditValues>(() => import('../../../../shared/schemas/users').then((m) => m.profileUpdateSchema));

/** Whether the form asks for another email than the account's, as the server compares them (blank keeps it). */
function changesEmail(user: User, email: string): boolean {
  const typed = email.trim().toLowerCase();
  return typed !== '' && typed !== user.email;
}

/** A phone number that signs in as another one than the account's (another spelling of the same number does not). */
function changesPhone(user: User, phone: string): boolean {
  const typed = toE164(phone.trim());
  return typed !== null && typed !== user.phone;
}

/** A new email, phone number or password: each needs the current password. */
function changesCredentials(user: User, values: Pick<EditValues, 'email' | 'password' | 'phone'>): boolean {
  return Boolean(values.password) || changesEmail(user, values.email) || changesPhone(user, values.phone);
}

// The schema cannot know the account's email: the form's context (the member) tells whether the
// current password is needed.
const resolver: Resolver<EditValues, User> = async (values, user, options) => {
  const result = await checks.resolver(values, user, options);
  if (!user || !changesCredentials(user, values) || values.currentPassword || 'currentPassword' in result.errors) return result;
  return { values: {}, errors: { ...result.errors, currentPassword: { type: 'required', message: FAILURE.currentPasswordRequired } } };
};

function formValues(user: User): EditValues {
  return {
    fullName: user.fullName,
    email: user.email,
    password: '',
    currentPassword: '',
    phone: user.phone,
    title: user.title ?? '',
    bio: user.bio ?? '',
    address: user.address ?? '',
  };
}

export function EditProfilePage() {
  const { user } = useSession();
  if (!user) return <Spinner />;
  return <EditProfileForm key={user.id} user={user} />;
}

function EditProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const flash = useFlash();
  const navigate = useNavigate();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [serverError, setServerError] = useState('');
  const [emailJustChanged, setEmailJustChanged] = useState(false);
  const pictureInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    resetField,
    watch,
    formState: { errors },
  } = useForm<EditValues, User>({ resolver, context: user, mode: 'onTouched', defaultValues: formValues(user) });
  const needsCurrentPassword = changesCredentials(user, { email: watch('email'), password: watch('password'), phone: watch('phone') });

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!picture) return;
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  function choosePicture(chosen: File | null) {
    const refusal = chosen && uploadRefusal(chosen, 'Profile picture');
    setPictureError(refusal);
    setPicture(refusal ? null : chosen);
  }

  const onSubmit = handleSubmit((values) => {
    setServerError('');
    const credentials = changesCredentials(user, values);
    const form = new FormData();
    form.append('userId', user.id);
    for (const field of FIELDS) {
      const value = values[field];
      if (value && (field !== 'currentPassword' || credentials)) form.append(field, value);
    }
    if (picture) form.append('profilePic', picture);
    update.mutate(form, {
      onSuccess: (data) => {
        flash.showSuccess(data.message || SUCCESS.profileUpdated);
        if (data.user.pendingEmail && changesEmail(user, values.email)) {
          // The new email waits for its code, here: the form shows the email still in use.
          reset(formValues(data.user));
          setPicture(null);
          setPreview(null);
          if (pictureInput.current) pictureInput.current.value = '';
          setEmailJustChanged(true);
          return;
        }
        void navigate('/profile');
      },
      onError: (error) => {
        const message = error.message || FAILURE.profileUpdate;
        if (credentials && isAboutCurrentPassword(error)) setError('currentPassword', { message }, { shouldFocus: true });
        else if (!showFieldErrors(error, setError, FIELDS)) setServerError(message);
      },
    });
  });

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Edit profile</h1>
        <p className="page__lead">Keep your details up to date. Phone and title are required.</p>
      </header>
      {user.pendingEmail && (
        <PendingEmail
          email={user.email}
          pendingEmail={user.pendingEmail}
          focusCode={emailJustChanged}
          onConfirmed={(confirmed) => resetField('email', { defaultValue: confirmed.email })}
        />
      )}
      <form className="form" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
        <div className="picture-field">
          <Avatar user={user} src={preview} />
          <FileField
            ref={pictureInput}
            id="profilePic"
            label="Profile picture"
            name="profilePic"
            accept="image/*"
            error={pictureError}
            hint="JPG or PNG, up to 5 MB."
            onFiles={([chosen]) => choosePicture(chosen ?? null)}
          />
        </div>
        <TextField label="Full name" autoComplete="name" {...register('fullName')} error={errors.fullName?.message} />
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="Leave blank to keep your current password"
          {...register('password')}
          error={errors.password?.message}
        />
        {needsCurrentPassword && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            hint="Needed to change your email, phone number or password"
            {...register('currentPassword')}
            error={errors.currentPassword?.message}
          />
        )}
        <TextField label="Phone" type="tel" autoComplete="tel" required {...register('phone')} error={errors.phone?.message} />
        <TextField label="Title" required hint="For example Actress, Producer or Model" {...register('title')} error={errors.title?.message} />
        <TextAreaField label="Bio" rows={4} {...register('bio')} error={errors.bio?.message} />
        <TextAreaField label="Address" rows={2} autoComplete="street-address" {...register('address')} error={errors.address?.message} />
        <FormError message={serverError} />
        <div className="form__actions">
          <Link to="/profile" className="button button--ghost">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? (
              <>
                <ButtonSpinner /> Saving...
              </>
            ) : (
              'Save Changes'
            )}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The refusals of a change of email or password that are about the current password: missing or wrong. */
function isAboutCurrentPassword(error: Error): boolean {
  return error instanceof ApiError && (error.status === 403 || error.message === FAILURE.currentPasswordRequired);
}
