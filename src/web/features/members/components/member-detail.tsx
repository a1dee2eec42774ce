import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { labelOf, SUBMISSION_STATES } from '../../../../shared/form-options';
import { INDUSTRIES, MARITAL_STATUSES } from '../../../../shared/options';
import { Spinner } from '../../../components/spinner';
import { mayUse } from '../../../../shared/roles';
import { useSession } from '../../../lib/session';
import type { User } from '../../../../shared/schemas/users';
import { useMember } from '../api/members';
import { displayDate, displayDateTime } from '../../../../shared/display-date';

/** What other features show about the member, composed in app/pages/console-member.tsx: before their submissions, and after. */
export interface MemberSections {
  beforeSubmissions: (member: User) => ReactNode;
  afterSubmissions: (member: User) => ReactNode;
}

/** /admin/members/:id: a member's profile, status and everything they have submitted, with the other features' sections. */
export function MemberDetailPage({ sections }: { sections: MemberSections }) {
  const { id = '' } = useParams();
  const member = useMember(id);
  const { user } = useSession();
  const opensSubmissions = Boolean(user && mayUse(user.role, 'submissions'));
  if (member.isPending) return <Spinner />;
  if (member.isError) return <p className="form__error">{member.error.message}</p>;
  const { member: m, submissions } = member.data;
  const facts: [string, string | null][] = [
    ['Email', m.email],
    ['Phone', m.phone],
    ['Date of birth', m.dob],
    ['Marital status', m.maritalStatus && labelOf(MARITAL_STATUSES, m.maritalStatus)],
    ['Country of origin', m.countryOfOrigin],
    ['State of origin', m.stateOfOrigin],
    ['Industry', m.industry && labelOf(INDUSTRIES, m.industry)],
    ['Occupation', m.occupation],
    ['Title', m.title],
    ['Address', m.address],
    ['Bio', m.bio],
    ['Registered', displayDate(m.registrationDate)],
  ];
  return (
    <article className="admin__section card admin__detail" aria-labelledby="member-title">
      <p>
        <Link to="/admin/members">← All members</Link>
      </p>
      <div className="admin__toolbar">
        <h2 id="member-title">{m.fullName}</h2>
        <span className={`badge${m.status ? ' badge--ok' : ''}`}>{m.status ? 'Activated' : m.memberNumber ? 'Not paid up' : 'Not activated'}</span>
      </div>
      <dl className="admin__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="admin__fact">
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {sections.beforeSubmissions(m)}
      <h3>Submissions</h3>
      {submissions.length === 0 ? (
        <p className="muted">Nothing submitted yet.</p>
      ) : (
        <ul className="admin__plain-list">
          {submissions.map((submission) => (
            <li key={submission.id}>
              {opensSubmissions ? <Link to={`/admin/submissions/${submission.id}`}>{submission.formLabel}</Link> : submission.formLabel} ·{' '}
              <time dateTime={submission.createdAt}>{displayDateTime(submission.createdAt)}</time> ·{' '}
              <span className={`badge${submission.state === 'handled' ? ' badge--ok' : ''}`}>{labelOf(SUBMISSION_STATES, submission.state)}</span>
            </li>
          ))}
        </ul>
      )}
      {sections.afterSubmissions(m)}
    </article>
  );
}
