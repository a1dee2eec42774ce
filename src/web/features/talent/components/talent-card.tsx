import type { ReactNode } from 'react';

/**
 * A booking request or a talent profile as a card, the same for the member and for staff: its
 * title with where it stands, its facts (label and value pairs), then what each side adds.
 */
export function TalentCard({
  label,
  title,
  state,
  ok,
  facts,
  children,
}: {
  label: string;
  title: ReactNode;
  state: string;
  ok: boolean;
  facts: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="card talent-request" aria-label={label}>
      <div className="talent-request__head">
        <h3>{title}</h3>
        <p className={`badge${ok ? ' badge--ok' : ''}`}>{state}</p>
      </div>
      <dl className="talent-request__facts">{facts}</dl>
      {children}
    </li>
  );
}
