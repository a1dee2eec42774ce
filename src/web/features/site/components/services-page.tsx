import { Link } from 'react-router';
import { formatNaira } from '../../../../shared/money';
import { QueryView } from '../../../components/query-view';
import { usePlans } from '../../../lib/plans';
import { useSession } from '../../../lib/session';
import './site.css';

const SERVICES = [
  { title: 'Movie production', text: 'Casting, crew and production support for films of every size.' },
  { title: 'Modelling', text: 'Professional models for adverts, shows, photo shoots and events.' },
  { title: 'Music', text: 'Recording, promotion and performances for artists and soundtracks.' },
  { title: 'Film marketing', text: 'Premieres, publicity and promotion that bring audiences to your film.' },
];

export function ServicesPage() {
  const { user } = useSession();
  const plans = usePlans();
  return (
    <div className="page">
      <header className="page__header">
        <h1>Our services</h1>
        <p className="page__lead">Everything a film, a model or a musician needs, under one roof.</p>
      </header>
      <section aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          What we do
        </h2>
        <ul className="cards">
          {SERVICES.map((service) => (
            <li key={service.title} className="card">
              <h3 className="card__title">{service.title}</h3>
              <p>{service.text}</p>
              {!user && (
                <p className="card__actions">
                  <Link to="/login" className="card__link">
                    Log in
                  </Link>
                  <Link to="/signup" className="card__link">
                    Sign up
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="about-block" aria-labelledby="about-title">
        <h2 id="about-title" className="section-title">
          About us
        </h2>
        <p>
          We are an entertainment company for movies, modelling and music. We train and cast artists, connect businesses with models and crew, and provide all
          the services required for marketing films, including promotion.
        </p>
      </section>
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="section-title">
          Plans
        </h2>
        <QueryView query={plans}>
          {(list) => (
            <ul className="plans">
              {list.map((plan) => (
                <li key={plan.id} className="plan">
                  <h3 className="plan__name">{plan.name}</h3>
                  <p className="plan__price">
                    {formatNaira(plan.priceKobo)} <span className="plan__period">a month</span>
                  </p>
                  <ul className="plan__features">
                    {plan.perks.map((perk) => (
                      <li key={perk}>{perk}</li>
                    ))}
                  </ul>
                  <Link
                    to={`/user/fees?plan=${plan.id}`}
                    state={{ plan: plan.name, user }}
                    className="button button--primary button--block"
                    aria-label={`Get started with the ${plan.name}`}
                  >
                    Get Started
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}
