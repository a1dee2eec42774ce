import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { mayUse } from '../../../../shared/roles';
import { DataTable, pageCount } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { pageParam, useAddressFilter } from '../../../lib/address-filter';
import { useSession } from '../../../lib/session';
import { useMembers } from '../api/members';
import { MEMBERS_CSV_URL } from '../../../lib/console';
import { displayDate } from '../../../../shared/display-date';

/** /admin/members: find a member by name, email or phone (0803..., +234... or a fragment). */
export function MembersPage() {
  const {
    filter: { q, page },
    apply,
  } = useAddressFilter((params) => ({ q: params.get('q') ?? '', page: pageParam(params) }));
  const [text, setText] = useState(q);
  const members = useMembers(q, page);
  const { user } = useSession();

  function submit(event: FormEvent) {
    event.preventDefault();
    apply({ q: text.trim() });
  }

  const data = members.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Members</h2>
        {user && mayUse(user.role, 'reports') && (
          <a className="button button--ghost" href={MEMBERS_CSV_URL} download>
            Download members CSV
          </a>
        )}
      </div>
      <form className="admin__filters" role="search" aria-label="Find a member" onSubmit={submit}>
        <label className="admin__filter admin__filter--wide">
          <span>Name, email or phone</span>
          <input type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <QueryView query={members} isEmpty={(result) => result.members.length === 0} empty={<p className="muted">No members match.</p>}>
        {(data) => (
          <DataTable
            label="Members"
            columns={[
              { heading: 'Name', cell: (member) => <Link to={`/admin/members/${member.id}`}>{member.fullName}</Link> },
              { heading: 'Email', cell: (member) => member.email },
              { heading: 'Phone', cell: (member) => member.phone },
              {
                heading: 'Status',
                cell: (member) => <span className={`badge${member.status ? ' badge--ok' : ''}`}>{member.status ? 'Activated' : 'Not activated'}</span>,
              },
              { heading: 'Joined', cell: (member) => displayDate(member.createdAt) },
            ]}
            rows={data.members}
            rowKey={(member) => member.id}
            pager={{ page, pages, onGo: (next) => apply({ page: next }) }}
          />
        )}
      </QueryView>
    </div>
  );
}
