import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import { COUNTRIES } from '../../../../shared/countries';
import { INDUSTRIES, MARITAL_STATUSES, NIGERIA, NIGERIAN_STATES } from '../../../../shared/options';
import { todayInLagos } from '../../../../shared/dates';
import { isChildOn } from '../../../../shared/ages';
import { showFieldErrors } from '../../../lib/field-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useFlash } from '../../../components/flash-context';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { FormError } from '../../../components/form-error';
import { ButtonSpinner } from '../../../components/spinner';
import { useSignup } from '../api/signup';
import { matchingPasswords } from './matching-passwords';
import { NewPasswordFields } from './new-password-fields';
import { GuardianFields } from './guardian-fields';
import type { SignupValues } from './signup-values';
import { useReturnTarget } from './use-return-target';
import { FormControls } from '../../../components/form-controls';
import './auth.css';

const countryOptions = COUNTRIES.map((name) => ({ value: name, label: name }));
const stateOptions = NIGERIAN_STATES.map((name) => ({ value: name, label: name }));

const isValidDay = (day: string | undefined): day is string => Boolean(day && /^\d{4}-\d{2}-\d{2}$/.test(day));

const defaults: SignupValues = {
  name: '',
  email: '',
  phone: '',
  dob: '',
  maritalStatus: '' as SignupValues['maritalStatus'],
  countryOfOrigin: NIGERIA,
  stateOfOrigin: '',
  industry: '' as SignupValues['industry'],
  occupation: '',
  address: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  acceptMarketing: false,
  guardianName: '',
  guardianRelationship: '',
  guardianEmail: '',
  guardianPhone: '',
};

// The server's own schema, so the page and the API reject exactly the same input; fetched on the
// first focus (lazy-zod-resolver.ts). Its preprocess step (name/fullName) types the input as
// unknown, hence the cast to the object it wraps.
const checks = lazyZodResolver<SignupValues>(() => import('../../../../shared/schemas/users').then((m) => m.signupSchema as unknown as typeof m.signupFields));

const resolver = matchingPasswords(checks.resolver);
const FIELDS = Object.keys(defaults) as (keyof SignupValues)[];

export function SignupPage() {
  const signup = useSignup();
  const flash = useFlash();
  const navigate = useNavigate();
  const { destination, carry, reason } = useReturnTarget();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setValue,
    formState: { errors },
  } = useForm<SignupValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });

  const [email, password, confirmPassword, country, dob] = watch(['email', 'password', 'confirmPassword', 'countryOfOrigin', 'dob']);
  const isChild = isValidDay(dob) && isChildOn(dob, todayInLagos());
  const isNigeria = country === NIGERIA;
  const cannotSubmit = !email || !password || password !== confirmPassword;

  const onSubmit = handleSubmit((values) => {
    signup.mutate(values, {
      onSuccess: (data) => {
        if (!data?.user) {
          setError('root.server', { message: FAILURE.invalidUserData });
          return;
        }
        flash.showSuccess(SUCCESS.signup);
        void navigate(destination(data.user), { replace: true });
      },
      onError: (error) => {
        const message = error.message || FAILURE.signup;
        if (!showFieldErrors(error, setError, FIELDS)) setError('root.server', { message });
      },
    });
  });

  const countryField = register('countryOfOrigin', {
    onChange: () => setValue('stateOfOrigin', ''),
  });

  return (
    <section className="auth auth--wide">
      <div className="auth__card">
        <h1 className="auth__title">Create your account</h1>
        {reason && <p className="auth__reason">{reason}</p>}
        <p className="auth__lead">Join as an artist, actor, model or crew member. Every field is required.</p>
        <form className="form form--grid" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
          <FormControls>
            <TextField label="Full name" autoComplete="name" {...register('name')} error={errors.name?.message} />
            <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="For example 0803 123 4567 or +234 803 123 4567"
              {...register('phone')}
              error={errors.phone?.message}
            />
            <TextField label="Date of birth" type="date" autoComplete="bday" {...register('dob')} error={errors.dob?.message} />
            {!isChild && (
              <SelectField
                label="Marital status"
                placeholder="Select marital status"
                options={MARITAL_STATUSES}
                {...register('maritalStatus')}
                error={errors.maritalStatus?.message}
              />
            )}
            <SelectField label="Industry" placeholder="Select industry" options={INDUSTRIES} {...register('industry')} error={errors.industry?.message} />
            <SelectField
              label="Country of origin"
              placeholder="Select country"
              options={countryOptions}
              {...countryField}
              error={errors.countryOfOrigin?.message}
            />
            {isNigeria ? (
              <SelectField
                label="State of origin"
                placeholder="Select state"
                options={stateOptions}
                {...register('stateOfOrigin')}
                error={errors.stateOfOrigin?.message}
              />
            ) : (
              <TextField label="State of origin" {...register('stateOfOrigin')} error={errors.stateOfOrigin?.message} />
            )}
            {isChild && <GuardianFields register={register} errors={errors} />}
            <TextField label="Occupation" autoComplete="organization-title" {...register('occupation')} error={errors.occupation?.message} />
            <TextAreaField label="Address" autoComplete="street-address" rows={2} {...register('address')} error={errors.address?.message} />
            <NewPasswordFields
              label="Password"
              password={register('password')}
              confirm={register('confirmPassword')}
              errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
            />
            <div className="form__full">
              <CheckboxField
                label={
                  <>
                    I agree to the privacy policy and the <Link to="/terms-and-conditions">terms and conditions</Link>
                  </>
                }
                {...register('acceptTerms')}
                error={errors.acceptTerms?.message}
              />
              {!isChild && (
                <CheckboxField label="I consent to receive marketing emails" {...register('acceptMarketing')} error={errors.acceptMarketing?.message} />
              )}
            </div>
            <FormError message={errors.root?.server?.message} className="form__full" />
            <div className="form__full">
              <button type="submit" className="button button--primary button--block" disabled={cannotSubmit || signup.isPending}>
                {signup.isPending ? (
                  <>
                    <ButtonSpinner /> Signing up...
                  </>
                ) : (
                  'Sign up'
                )}
              </button>
            </div>
          </FormControls>
        </form>
        <p className="auth__switch">
          Already a member? <Link to={carry('/login')}>Log in</Link>
        </p>
      </div>
    </section>
  );
}
