import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FORM_KINDS, type FormKind } from '../../../../shared/form-routes';
import { DataTable, pageCount } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { pageParam, useAddressFilter } from '../../../lib/address-filter';
import { exportUrl, type SubmissionFilter, useSubmissions } from '../api/review-submissions';
import { SubmissionStateBadge } from './submission-state';
import { displayDateTime } from '../../../../shared/display-date';

const isFormKind = (value: string | null): value is FormKind => FORM_KINDS.some((kind) => kind.value === value);

function readFilter(params: URLSearchParams): SubmissionFilter {
  const form = params.get('form');
  return {
    form: isFormKind(form) ? form : '',
    member: params.get('member') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: pageParam(params),
  };
}

/** /admin/submissions: the six forms' submissions, newest first, filtered by form, member and days; CSV per form. */
export function SubmissionsPage() {
  const { filter, apply, params } = useAddressFilter(readFilter);
  const submissions = useSubmissions(filter);
  const [member, setMember] = useState(filter.member ?? '');
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    apply({ member: member.trim(), from, to });
  }

  const form = filter.form || undefined;
  const data = submissions.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Submissions</h2>
        {form ? (
          <a className="button button--ghost" href={exportUrl({ ...filter, form })} download>
            Download CSV
          </a>
        ) : (
          <p className="muted admin__note">Pick a form type to download its CSV.</p>
        )}
      </div>
      <form className="admin__filters" onSubmit={submit} role="search" aria-label="Filter submissions">
        <label className="admin__filter">
          <span>Form type</span>
          <select name="form" value={filter.form} onChange={(e) => apply({ form: e.target.value as FormKind | '' })}>
            <option value="">All forms</option>
            {FORM_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin__filter admin__filter--wide">
          <span>Member (name, email or phone)</span>
          <input type="search" name="member" value={member} onChange={(e) => setMember(e.target.value)} />
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
      <QueryView query={submissions} isEmpty={(result) => result.submissions.length === 0} empty={<p className="muted">No submissions match.</p>}>
        {(data) => (
          <>
            <p className="muted">
              {data.total} submission{data.total === 1 ? '' : 's'}
            </p>
            <DataTable
              label="Submissions"
              columns={[
                {
                  heading: 'Sent',
                  cell: (submission) => (
                    <Link to={`/admin/submissions/${submission.id}`} state={{ back: `?${params.toString()}` }}>
                      <time dateTime={submission.createdAt}>{displayDateTime(submission.createdAt)}</time>
                    </Link>
                  ),
                },
                { heading: 'Form', cell: (submission) => submission.formLabel },
                {
                  heading: 'Member',
                  cell: (submission) => (
                    <>
                      {submission.member.name}
                      <br />
                      <span className="muted">{submission.member.email}</span>
                    </>
                  ),
                },
                {
                  heading: 'State',
                  cell: (submission) => <SubmissionStateBadge state={submission.state} />,
                },
              ]}
              rows={data.submissions}
              rowKey={(submission) => submission.id}
              pager={{ page: filter.page ?? 1, pages, onGo: (next) => apply({ page: next }) }}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
