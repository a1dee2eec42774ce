import { Link, useSearchParams } from 'react-router';
import { displayDateTime } from '../../../../shared/display-date';
import { CONTACT_FILTERS, type ContactFilter } from '../../../../shared/schemas/contact';
import { Pager } from '../../../components/pager';
import { pageCount } from '../../../components/paged-table';
import { QueryView } from '../../../components/query-view';
import { useContactMessages } from '../api/messages';
import './messages.css';

const FILTER_LABELS: Record<ContactFilter, string> = { all: 'All', new: 'New', handled: 'Handled' };
const isFilter = (value: string | null): value is ContactFilter => CONTACT_FILTERS.includes(value as ContactFilter);

/** /admin/messages: the contact page's messages, new ones first, newest first. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const filter: ContactFilter = isFilter(filterParam) ? filterParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const messages = useContactMessages(filter, page);
  const go = (next: { filter?: ContactFilter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    setParams({ ...(f !== 'all' ? { filter: f } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Messages</h2>
        {messages.data && (
          <p className="muted admin__note">
            {messages.data.newCount} new message{messages.data.newCount === 1 ? '' : 's'}
          </p>
        )}
      </div>
      <div className="admin__segments" role="group" aria-label="Show messages">
        {CONTACT_FILTERS.map((value) => (
          <button key={value} type="button" className={`button button--ghost${filter === value ? ' is-active' : ''}`} aria-pressed={filter === value} onClick={() => go({ filter: value })}>
            {FILTER_LABELS[value]}
          </button>
        ))}
      </div>
      <QueryView query={messages} isEmpty={(result) => result.messages.length === 0} empty={<p className="muted">No messages here.</p>}>
        {(data) => (
          <>
            <ul className="admin__inbox">
              {data.messages.map((message) => (
                <li key={message.id} className={`admin__inbox-item${message.handledAt ? '' : ' admin__inbox-item--new'}`}>
                  <Link to={`/admin/messages/${message.id}`} state={{ back: `?${params.toString()}` }}>
                    <span className="admin__inbox-from">
                      <strong>{message.name}</strong> <span className="muted">{message.email}</span>
                    </span>
                    <span className="admin__inbox-meta">
                      <span className={`badge${message.handledAt ? ' badge--ok' : ''}`}>{message.handledAt ? 'Handled' : 'New'}</span> {message.feedback}
                      {message.replies > 0 && ` · ${message.replies} repl${message.replies === 1 ? 'y' : 'ies'}`} ·{' '}
                      <time dateTime={message.createdAt}>{displayDateTime(message.createdAt)}</time>
                    </span>
                    {message.preview && <span className="admin__inbox-preview">{message.preview}</span>}
                  </Link>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pageCount(data.total, data.pageSize)} onGo={(next) => go({ page: next })} />
          </>
        )}
      </QueryView>
    </div>
  );
}
