import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { pageParam, useAddressFilter } from '../../../lib/address-filter';
import { type AuditFilter, useAudit, useAuditFilters } from '../api/audit';
import { displayDateTime } from '../../../../shared/display-date';

function readFilter(params: URLSearchParams): AuditFilter {
  return {
    actorId: params.get('actorId') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: pageParam(params),
  };
}

/** /admin/audit: who did what to whom and when, in sentences, newest first, filtered by staff member, action and days. */
export function AuditPage() {
  const { filter, apply } = useAddressFilter(readFilter);
  const audit = useAudit(filter);
  const choices = useAuditFilters();
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    apply({ from, to });
  }

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Audit log</h2>
      </div>
      <form className="admin__filters" onSubmit={submit} role="search" aria-label="Filter the audit log">
        <label className="admin__filter">
          <span>Staff member</span>
          <select name="actorId" value={filter.actorId} onChange={(e) => apply({ actorId: e.target.value })}>
            <option value="">Everyone</option>
            {choices.data?.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email}
              </option>
            ))}
          </select>
        </label>
        <label className="admin__filter">
          <span>Action</span>
          <select name="action" value={filter.action} onChange={(e) => apply({ action: e.target.value })}>
            <option value="">All actions</option>
            {choices.data?.actions.map((choice) => (
              <option key={choice.action} value={choice.action}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin__filter">
          <span>From</span>
          <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="admin__filter">
          <span>To</span>
          <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="button button--primary">
          Filter
        </button>
      </form>
      <QueryView query={audit} isEmpty={(page) => page.entries.length === 0} empty={<p className="muted">Nothing matches.</p>}>
        {(page) => (
          <>
            <p className="muted">
              {page.total} entr{page.total === 1 ? 'y' : 'ies'}
            </p>
            <DataTable
              label="Audit log"
              columns={[
                { heading: 'When', cell: (entry) => <time dateTime={entry.createdAt}>{displayDateTime(entry.createdAt)}</time> },
                { heading: 'What happened', cell: (entry) => entry.sentence },
              ]}
              rows={page.entries}
              rowKey={(entry) => entry.id}
              pager={{ page: page.page, pages: page.pages, onGo: (next) => apply({ page: next }) }}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
