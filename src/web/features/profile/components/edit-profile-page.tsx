import { type ChangeEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import type { ProfileUpdateInput } from '../../../../shared/schemas/users';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { ApiError } from '../../../lib/api';
import { useFlash } from '../../../components/flash-context';
import { TextAreaField, TextField } from '../../../components/form-field';
import { ButtonSpinner, Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { Avatar } from './avatar';
import './profile.css';

type EditValues = Required<Omit<ProfileUpdateInput, 'userId'>>;
const FIELDS = ['fullName', 'email', 'password', 'phone', 'title', 'bio', 'address'] as const;
const checks = lazyZodResolver<EditValues>(() => import('../../../../shared/schemas/users').then((m) => m.profileUpdateSchema));

export function EditProfilePage() {
  const { user } = useSession();
  if (!user) return <Spinner />;
  return <EditProfileForm key={user.id} user={user} />;
}

function EditProfileForm({ user }: { user: NonNullable<ReturnType<typeof useSession>['user']> }) {
  const update = useUpdateProfile();
  const flash = useFlash();
  const navigate = useNavigate();
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues>({
    resolver: checks.resolver,
    mode: 'onTouched',
    defaultValues: {
      fullName: user.fullName,
      email: user.email,
      password: '',
      phone: user.phone,
      title: user.title ?? '',
      bio: user.bio ?? '',
      address: user.address ?? '',
    },
  });

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!picture) return;
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    setPicture(event.target.files?.[0] ?? null);
  }

  const onSubmit = handleSubmit((values) => {
    setServerError('');
    const form = new FormData();
    form.append('userId', user.id);
    for (const field of FIELDS) {
      const value = values[field];
      if (value) form.append(field, value);
    }
    if (picture) form.append('profilePic', picture);
    update.mutate(form, {
      onSuccess: (data) => {
        flash.showSuccess(data.message || SUCCESS.profileUpdated);
        void navigate('/profile');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const { field, message } of error.fields) {
            if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof EditValues, { message });
          }
        }
        const message = error.message || FAILURE.profileUpdate;
        setServerError(message);
        flash.showError(message);
      },
    });
  });

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Edit profile</h1>
        <p className="page__lead">Keep your details up to date. Phone and title are required.</p>
      </header>
      <form className="form" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
        <div className="picture-field">
          <Avatar user={user} src={preview} />
          <div>
            <label className="field__label" htmlFor="profilePic">
              Profile picture
            </label>
            <input id="profilePic" name="profilePic" type="file" accept="image/*" className="field__file" onChange={choosePicture} />
            <p className="field__hint">JPG or PNG, up to 5 MB.</p>
          </div>
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
        <TextField label="Phone" type="tel" autoComplete="tel" required {...register('phone')} error={errors.phone?.message} />
        <TextField label="Title" required hint="For example Actress, Producer or Model" {...register('title')} error={errors.title?.message} />
        <TextAreaField label="Bio" rows={4} {...register('bio')} error={errors.bio?.message} />
        <TextAreaField label="Address" rows={2} autoComplete="street-address" {...register('address')} error={errors.address?.message} />
        {serverError && (
          <p className="form__error" role="alert">
            {serverError}
          </p>
        )}
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
