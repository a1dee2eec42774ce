import { useState } from 'react';
import { SUCCESS } from '../../../../shared/messages';
import { useFlash } from '../../../components/flash-context';
import { ButtonSpinner } from '../../../components/spinner';
import { useMembershipStatus, useSendOtp } from '../api/membership';
import type { WizardState } from './use-wizard-state';

interface StepProps {
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  userId: string;
}

/**
 * Step 4: the OTP is sent only once staff have approved the slip; until then the server says the
 * slip is awaiting review, and after a rejection it says why and the member uploads again.
 */
export function OtpStep({ state, update, userId }: StepProps) {
  const flash = useFlash();
  const sendOtp = useSendOtp();
  const payment = useMembershipStatus().data?.payment;
  const [notice, setNotice] = useState('');

  if (state.uploadStatus === 'failure') {
    return (
      <div className="fees__step">
        <p className="form__error" role="alert">
          Upload Failed
        </p>
        <button type="button" className="button button--primary" onClick={() => update({ step: 3 })}>
          Retry
        </button>
      </div>
    );
  }

  const rejected = payment?.status === 'rejected';
  return (
    <div className="fees__step">
      {payment?.status === 'pending' && <p className="fees__note">Your payment slip is awaiting review by our staff. We will email your OTP as soon as it is approved.</p>}
      {rejected && (
        <div className="fees__note fees__note--bad" role="alert">
          <p>Your payment slip was not approved: {payment.reason}</p>
          <button type="button" className="button button--light" onClick={() => update({ step: 3, uploadStatus: null })}>
            Upload a new slip
          </button>
        </div>
      )}
      {notice && (
        <p className="fees__note" role="status">
          {notice}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={sendOtp.isPending || rejected}
        onClick={() =>
          sendOtp.mutate(state.userId || userId, {
            onSuccess: (data) => {
              flash.showSuccess(data.message || SUCCESS.otpSent);
              update({ otpSent: true, step: 5 });
            },
            onError: (error) => setNotice(error.message),
          })
        }
      >
        {sendOtp.isPending && <ButtonSpinner />} Send OTP
      </button>
    </div>
  );
}
