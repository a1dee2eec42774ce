import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicTalentProfile } from '../../../../shared/schemas/talent';
import { Spinner } from '../../../components/spinner';
import { useHydrated } from '../../../lib/hydrated';
import { useTalentProfile } from '../api/get-talent-profile';
import { BookingForm } from './booking-form';
import { categoryLabel, measurementFacts } from './talent-labels';
import './talent.css';

/** /talent/:id: a published profile with its photos, the measurements the talent shows, and the booking form. */
export function TalentProfilePage() {
  const { id = '' } = useParams();
  const profile = useTalentProfile(id);

  if (profile.isPending) return <Spinner />;
  if (profile.isError) {
    return (
      <div className="page page--narrow">
        <h1>Talent not found</h1>
        <p>This profile is not in the directory any more.</p>
        <Link to="/talent">Back to the talent directory</Link>
      </div>
    );
  }
  return <TalentProfileView profile={profile.data} />;
}

function TalentProfileView({ profile }: { profile: PublicTalentProfile }) {
  const [selected, setSelected] = useState(0);
  const hydrated = useHydrated();
  const photo = profile.photos[selected] ?? profile.photos[0];
  const facts = measurementFacts(profile.measurements);
  return (
    <div className="page talent-profile">
      <p>
        <Link to="/talent">← All talent</Link>
      </p>
      <div className="talent-profile__layout">
        <section className="talent-profile__photos" aria-label="Photos">
          <div className="talent-profile__main-photo">
            {photo && <img src={photo.url} alt={`${profile.stageName}, ${selected + 1} of ${profile.photos.length}`} width={600} height={800} />}
          </div>
          {profile.photos.length > 1 && (
            <ul className="talent-profile__thumbs">
              {profile.photos.map((p, index) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="talent-profile__thumb"
                    aria-label={`Show photo ${index + 1}`}
                    aria-pressed={index === selected}
                    disabled={!hydrated}
                    onClick={() => setSelected(index)}
                  >
                    <img src={p.url} alt="" loading="lazy" width={80} height={100} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="talent-profile__about" aria-labelledby="talent-name">
          <h1 id="talent-name">{profile.stageName}</h1>
          <p className="badge">{categoryLabel(profile.category)}</p>
          {profile.bio && <p className="talent-profile__bio">{profile.bio}</p>}
          {facts.length > 0 && (
            <dl className="talent-profile__facts">
              {facts.map((fact) => (
                <div key={fact.key}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <BookingForm profileId={profile.id} stageName={profile.stageName} />
        </section>
      </div>
    </div>
  );
}
