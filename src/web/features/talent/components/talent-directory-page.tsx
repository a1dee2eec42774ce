import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GENDERS } from '../../../../shared/form-options';
import { NIGERIAN_STATES } from '../../../../shared/options';
import type { TalentCard } from '../../../../shared/schemas/talent';
import { pageQuery } from '../../../../shared/public-pages';
import { TALENT_CATEGORIES, TALENT_FILTERS } from '../../../../shared/talent-options';
import { SelectField, TextField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { useTalentDirectory } from '../api/get-talent-directory';
import { categoryLabel, measurementFacts } from './talent-labels';
import { pageCount } from '../../../components/data-table';
import './talent.css';

const STATE_OPTIONS = NIGERIAN_STATES.map((state) => ({ value: state, label: state }));

/** /talent: the public directory. The filters live in the query string, so a search can be shared or bookmarked. */
export function TalentDirectoryPage() {
  const [params, setParams] = useSearchParams();
  // Only what the page reads, in one order: the same as the page the server drew and kept.
  const search = pageQuery('/talent', params);
  const directory = useTalentDirectory(search);
  const page = Number(params.get('page') ?? '1') || 1;

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of TALENT_FILTERS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  function pageLink(target: number): string {
    const next = new URLSearchParams(search);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `/talent?${query}` : '/talent';
  }

  const pages = directory.data ? pageCount(directory.data.total, directory.data.pageSize) : 1;

  return (
    <div className="page talent">
      <header className="page__header">
        <h1>Find talent</h1>
        <p className="page__lead">Models, actors and musicians ready to book. Filter, open a profile and send a booking request: no account needed.</p>
      </header>
      {/* A plain GET form until the code takes it over: the filters are the drawn page's own query. */}
      <form key={search} action="/talent" className="talent__filters" aria-label="Filter talent" onSubmit={applyFilters}>
        <SelectField label="Category" name="category" placeholder="Any category" options={TALENT_CATEGORIES} defaultValue={params.get('category') ?? ''} />
        <SelectField label="Gender" name="gender" placeholder="Any gender" options={GENDERS} defaultValue={params.get('gender') ?? ''} />
        <SelectField label="State of residence" name="state" placeholder="Any state" options={STATE_OPTIONS} defaultValue={params.get('state') ?? ''} />
        <fieldset className="talent__range">
          <legend>Height (cm)</legend>
          <TextField label="From" name="minHeightCm" type="number" inputMode="numeric" min={50} max={250} defaultValue={params.get('minHeightCm') ?? ''} />
          <TextField label="To" name="maxHeightCm" type="number" inputMode="numeric" min={50} max={250} defaultValue={params.get('maxHeightCm') ?? ''} />
        </fieldset>
        <fieldset className="talent__range">
          <legend>Age</legend>
          <TextField label="From" name="minAge" type="number" inputMode="numeric" min={1} max={120} defaultValue={params.get('minAge') ?? ''} />
          <TextField label="To" name="maxAge" type="number" inputMode="numeric" min={1} max={120} defaultValue={params.get('maxAge') ?? ''} />
        </fieldset>
        <div className="talent__filter-actions">
          <button type="submit" className="button button--primary">
            Search
          </button>
          <Link to="/talent" className="button button--ghost">
            Clear
          </Link>
        </div>
      </form>

      {directory.isPending ? (
        <Spinner />
      ) : directory.isError ? (
        <p className="form__error" role="alert">
          {directory.error.message}
        </p>
      ) : (
        <section aria-labelledby="talent-results" aria-busy={directory.isFetching}>
          <h2 id="talent-results" className="talent__count">
            {directory.data.total === 0
              ? 'No talent matches these filters yet.'
              : `${directory.data.total} talent${directory.data.total === 1 ? '' : 's'} found`}
          </h2>
          <ul className="talent__grid">
            {directory.data.items.map((card) => (
              <TalentCardItem key={card.id} card={card} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="talent__pager" aria-label="Pages">
              {page > 1 ? (
                <Link to={pageLink(page - 1)} className="button button--ghost" rel="prev">
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link to={pageLink(page + 1)} className="button button--ghost" rel="next">
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}

function TalentCardItem({ card }: { card: TalentCard }) {
  const facts = measurementFacts(card);
  return (
    <li className="talent-card">
      <Link to={`/talent/${card.id}`} className="talent-card__link">
        <div className="talent-card__photo">
          {card.primaryPhotoUrl && <img src={card.primaryPhotoUrl} alt={card.stageName} loading="lazy" decoding="async" width={300} height={400} />}
        </div>
        <div className="talent-card__body">
          <h3 className="talent-card__name">{card.stageName}</h3>
          <p className="talent-card__category">{categoryLabel(card.category)}</p>
          {facts.length > 0 && <p className="talent-card__facts">{facts.map((fact) => fact.value).join(' · ')}</p>}
        </div>
      </Link>
    </li>
  );
}
