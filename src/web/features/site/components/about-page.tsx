import type { ReactNode } from 'react';
import { Faq } from './faq';
import './site.css';

const OBJECTIVES = [
  {
    title: 'Discover talent',
    text: 'We find and develop actors, models and musicians, and give them a stage in real productions.',
  },
  {
    title: 'Train professionals',
    text: 'Regular training, casting days and intensive programmes help every member grow level by level.',
  },
  {
    title: 'Market films',
    text: 'We provide every service a film needs to reach its audience: premieres, publicity and promotion.',
  },
  {
    title: 'Connect businesses',
    text: 'Businesses hire models and crew through us, and members find paid work that matches their skills.',
  },
];

/** `adverts`: the Advertisements strip (ads feature), composed in by app/pages/about.tsx. */
export function AboutPage({ adverts }: { adverts: ReactNode }) {
  return (
    <div className="page">
      <header className="page__header">
        <h1>About us</h1>
        <p className="page__lead">A home for the people who make movies, modelling and music happen.</p>
      </header>
      <section aria-labelledby="objectives-title">
        <h2 id="objectives-title" className="section-title">
          Our objectives
        </h2>
        <ul className="cards">
          {OBJECTIVES.map((objective) => (
            <li key={objective.title} className="card">
              <h3 className="card__title">{objective.title}</h3>
              <p>{objective.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {adverts}
      <Faq />
    </div>
  );
}
