import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { Faq } from './faq';
import './site.css';

/** `adverts`: the Advertisements strip (ads feature), composed in by app/pages/landing.tsx. */
export function LandingPage({ adverts }: { adverts: ReactNode }) {
  const { user } = useSession();
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">Welcome to the Home of Movies, Modelling &amp; Music</h1>
          <p className="hero__tagline">THE HOME OF MOVIES, MODELLING &amp; MUSIC</p>
          <p className="hero__text">
            We provide all the services required for marketing films, including promotion: from casting and crew to music, premieres and publicity.
          </p>
          <p className="hero__call">Come lets do business.</p>
          <div className="hero__actions">
            <Link to="/about" className="button button--primary">
              Explore
            </Link>
            {!user && (
              <Link to="/signup" className="button button--light">
                Sign up
              </Link>
            )}
          </div>
        </div>
      </section>
      {adverts}
      <div className="page">
        <Faq />
      </div>
    </>
  );
}
