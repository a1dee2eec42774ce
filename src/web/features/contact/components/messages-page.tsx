import { Link } from 'react-router';
import { displayDateTime } from '../../../../shared/display-date';
import { CONTACT_FILTERS, type ContactFilter } from '../../../../shared/schemas/contact';
import { Pager } from '../../../components/pager';
import { pageCount } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { pageParam, useAddressFilter } from '../../../lib/address-filter';
import { useContactMessages } from '../api/messages';
import './messages.css';

const FILTER_LABELS: Record<ContactFilter, string> = { all: 'All', new: 'New', handled: 'Handled' };
const isFilter = (value: string | null): value is ContactFilter => CONTACT_FILTERS.includes(value as ContactFilter);

/** /admin/messages: the contact page's messages, new ones first, newest first. */
export function MessagesPage() {
  // All is the list without a filter in the address.
  const {
    filter: shown,
    apply,
    params,
  } = useAddressFilter((address) => {
    const value = address.get('filter');
    return { filter: isFilter(value) && value !== 'all' ? value : ('' as const), page: pageParam(address) };
  });
  const filter: ContactFilter = shown.filter || 'all';
  const { page } = shown;
  const messages = useContactMessages(filter, page);

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
          <button
            key={value}
            type="button"
            className={`button button--ghost${filter === value ? ' is-active' : ''}`}
            aria-pressed={filter === value}
            onClick={() => apply({ filter: value === 'all' ? '' : value })}
          >
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
            <Pager page={page} pages={pageCount(data.total, data.pageSize)} onGo={(next) => apply({ page: next })} />
          </>
        )}
      </QueryView>
    </div>
  );
}
