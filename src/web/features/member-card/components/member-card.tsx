import { Link } from 'react-router';
import { useMemberCard } from '../api/member-card';
import { CardPhoto } from './card-photo';
import { MemberState } from './member-state';
import './member-card.css';

/**
 * The membership card on the member's dashboard: staff at an audition or a meeting scan its QR
 * code, which opens the public check page. Nothing shows before the first activation gives a number.
 */
export function MemberCard() {
  const card = useMemberCard();
  if (card.isError) {
    return (
      <p className="form__error" role="alert">
        {card.error.message}
      </p>
    );
  }
  if (!card.data) return null;
  const { fullName, memberNumber, photoUrl, verifyUrl, qrSvg } = card.data;
  return (
    <section id="card" className="dashboard__section member-card" aria-labelledby="member-card-title">
      <h2 id="member-card-title" className="section-title">
        Membership card
      </h2>
      <div className="member-card__card">
        <CardPhoto name={fullName} src={photoUrl} />
        <div className="member-card__who">
          <p className="member-card__name">{fullName}</p>
          <p className="member-card__number">{memberNumber}</p>
          <MemberState member={card.data} />
        </div>
        <img
          className="member-card__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          alt={`QR code of the link that checks membership ${memberNumber}`}
          width={160}
          height={160}
        />
      </div>
      {!photoUrl && (
        <p className="member-card__hint">
          Your card has no photo: staff at the door compare your face with it. <Link to="/editprofile">Add a photo to your profile</Link>.
        </p>
      )}
      <p className="muted member-card__hint">
        Show this at meetings, castings and events: staff scan the code to check your membership.{' '}
        <a href={verifyUrl} className="member-card__link">
          Open your check page
        </a>
      </p>
    </section>
  );
}
