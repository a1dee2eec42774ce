import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useVerifiedMember } from '../api/member-card';
import { CardPhoto } from './card-photo';
import { MemberState } from './member-state';
import './member-card.css';

/**
 * /verify/:memberNumber?code=…, public: what staff at the door see when they scan a card. Name,
 * photo, number, state, paid-until; nothing else. The code comes from the card's QR code.
 */
export function VerifyPage() {
  const { memberNumber = '' } = useParams();
  const [params] = useSearchParams();
  const verified = useVerifiedMember(memberNumber, params.get('code') ?? '');
  return (
    <section className="page page--narrow verify" aria-labelledby="verify-title">
      <h1 id="verify-title">Membership check</h1>
      {verified.isPending && <Spinner />}
      {verified.isError && (
        <p className="form__error" role="alert">
          {verified.error.message}
        </p>
      )}
      {verified.data && (
        <div className={`member-card__card verify__card verify__card--${verified.data.state}`}>
          <CardPhoto name={verified.data.fullName} src={verified.data.photoUrl} />
          <div className="member-card__who">
            <p className="member-card__name">{verified.data.fullName}</p>
            <p className="member-card__number">{verified.data.memberNumber}</p>
            <MemberState member={verified.data} />
          </div>
        </div>
      )}
      {verified.data && !verified.data.photoUrl && (
        <p className="verify__no-photo" role="note">
          No photo can be shown for this member: check who they are another way before letting them in.
        </p>
      )}
    </section>
  );
}
