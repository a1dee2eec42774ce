import { useForm } from 'react-hook-form';
import { FAILURE } from '../../../../shared/messages';
import { CONTACT_FEEDBACK } from '../../../../shared/options';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useFlash } from '../../../components/flash-context';
import { SubmissionStatus } from '../../../components/submission-status';
import { showFieldErrors } from '../../../lib/field-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { useSendContact } from '../api/send-contact';
import { OfficeList } from './office-list';
import { FormControls } from '../../../components/form-controls';
import './contact.css';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'feedback', 'message'] as const;
const defaults = { firstName: '', lastName: '', email: '', phone: '', feedback: '' as ContactInput['feedback'], message: '' };
const checks = lazyZodResolver<ContactInput>(() => import('../../../../shared/schemas/contact').then((m) => m.contactSchema));

export function ContactPage() {
  const send = useSendContact();
  const flash = useFlash();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: checks.resolver, defaultValues: defaults, mode: 'onTouched' });

  const onSubmit = handleSubmit((values) => {
    send.submit(values, {
      onSuccess: (data) => {
        flash.showSuccess(data.message);
        reset(defaults);
        send.reset();
      },
      onError: (error) => showFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <div className="page">
      <header className="page__header">
        <h1>Contact us</h1>
        <p className="page__lead">Questions, bookings or support: send us a message and we will reply soon.</p>
      </header>
      <div className="contact">
        <section className="contact__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="section-title">
            Send a message
          </h2>
          <form className="form form--grid" noValidate onFocus={checks.preload} onSubmit={(event) => void onSubmit(event)}>
            <FormControls>
              <TextField label="First name" autoComplete="given-name" {...register('firstName')} error={errors.firstName?.message} />
              <TextField label="Last name" autoComplete="family-name" {...register('lastName')} error={errors.lastName?.message} />
              <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
              <TextField label="Phone" type="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
              <div className="form__full">
                <SelectField
                  label="Type of enquiry"
                  placeholder="Select a type"
                  options={CONTACT_FEEDBACK}
                  {...register('feedback')}
                  error={errors.feedback?.message}
                />
                <TextAreaField label="Message" rows={4} {...register('message')} error={errors.message?.message} />
                <SubmissionStatus
                  submission={send.view}
                  failureText={(error) => (error.message === FAILURE.contact ? FAILURE.contact : `${FAILURE.contact} ${error.message}`)}
                />
                <button type="submit" className="button button--primary button--block" disabled={send.pending}>
                  {send.pending ? (
                    <>
                      <ButtonSpinner /> Sending...
                    </>
                  ) : (
                    'Send message'
                  )}
                </button>
              </div>
            </FormControls>
          </form>
        </section>
        <OfficeList />
      </div>
    </div>
  );
}
