import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { Link } from 'react-router';
import { INDUSTRIES, MARITAL_STATUSES } from '../../../../shared/options';
import { displayDate } from '../../../../shared/display-date';
import type { User } from '../../../../shared/schemas/users';
import { useWelcomeText } from '../api/welcome-text';

const DEFAULT_OVERVIEW = 'Welcome to your dashboard! Here you can see your details, fill in your forms and follow your achievements.';

function formatDate(value: string | null): string {
  if (!value) return 'N/A';
  return isValid(parseISO(value)) ? displayDate(value) : 'N/A';
}

function labelOf(options: readonly { value: string; label: string }[], value: string | null): string {
  if (!value) return 'Not provided';
  return options.find((option) => option.value === value)?.label ?? value;
}

function UpdatePrompt({ what }: { what: string }) {
  return (
    <span className="muted">
      No {what} yet. <Link to="/editprofile">Update your {what}</Link>
    </span>
  );
}

export function ProfileOverview({ user }: { user: User }) {
  const welcome = useWelcomeText().data;
  const rows: { label: string; value: React.ReactNode }[] = [
    ...(user.memberNumber ? [{ label: 'Member number', value: user.memberNumber }] : []),
    ...(user.paidUntil ? [{ label: 'Paid until', value: formatDate(user.paidUntil) }] : []),
    { label: 'Level', value: `Level ${user.level} of 5` },
    { label: 'Full name', value: user.fullName || user.name },
    { label: 'Date of birth', value: formatDate(user.dob) },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone },
    { label: 'Country of origin', value: user.countryOfOrigin ?? 'Not provided' },
    { label: 'Marital status', value: labelOf(MARITAL_STATUSES, user.maritalStatus) },
    { label: 'State of origin', value: user.stateOfOrigin ?? 'Not provided' },
    { label: 'Industry', value: labelOf(INDUSTRIES, user.industry) },
    { label: 'Occupation', value: user.occupation ?? 'Not provided' },
    { label: 'Title', value: user.title || <UpdatePrompt what="title" /> },
    { label: 'Address', value: user.address ?? 'Not provided' },
    { label: 'Bio', value: user.bio || <UpdatePrompt what="bio" /> },
    { label: 'Registration date', value: formatDate(user.registrationDate) },
  ];

  return (
    <section id="overview" className="dashboard__section" aria-labelledby="overview-title">
      <h2 id="overview-title" className="section-title">
        Overview
      </h2>
      <p className="overview__text">{user.overview || welcome || DEFAULT_OVERVIEW}</p>
      <dl className="overview">
        {rows.map((row) => (
          <div key={row.label} className="overview__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
