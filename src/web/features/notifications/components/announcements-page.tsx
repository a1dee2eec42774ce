import { type FormEvent, useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { displayDate } from '../../../../shared/display-date';
import { labelOf } from '../../../../shared/form-options';
import { INDUSTRIES } from '../../../../shared/options';
import { type Audience, type AnnouncementSummary, AUDIENCES, type SendAnnouncementInput } from '../../../../shared/schemas/announcements';
import { MEMBER_LEVELS } from '../../../../shared/schemas/recognition';
import { DataTable } from '../../../components/data-table';
import { useFlash } from '../../../components/flash-context';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { useAnnouncements, useSendAnnouncement } from '../api/announcements';
import { fieldErrors } from '../../../lib/field-errors';

const LEVEL_OPTIONS = MEMBER_LEVELS.map((level) => ({ value: String(level), label: `Level ${level}` }));

function audienceText(announcement: Pick<AnnouncementSummary, 'audience' | 'audienceValue'>): string {
  if (announcement.audience === 'level') return `Level ${announcement.audienceValue}`;
  if (announcement.audience === 'industry') return `Industry: ${labelOf(INDUSTRIES, announcement.audienceValue ?? '')}`;
  return labelOf(AUDIENCES, announcement.audience);
}

/** /admin/announcements: write to a group of members (a notification and an email each), and what was sent. */
export function AnnouncementsPage() {
  const sent = useAnnouncements();
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Announcements</h2>
      </div>
      <AnnouncementForm />
      <h3>Sent</h3>
      <QueryView query={sent} isEmpty={(list) => list.length === 0} empty={<p className="muted">Nothing sent yet.</p>}>
        {(list) => (
          <DataTable
            label="Sent announcements"
            columns={[
              {
                heading: 'Sent',
                cell: (announcement) => <time dateTime={announcement.createdAt}>{displayDate(todayInLagos(new Date(announcement.createdAt)))}</time>,
              },
              {
                heading: 'Title',
                cell: (announcement) => (
                  <>
                    {announcement.title}
                    {announcement.promotional && <span className="badge">Promotional</span>}
                  </>
                ),
              },
              { heading: 'To', cell: audienceText },
              { heading: 'Recipients', cell: (announcement) => announcement.recipients },
              { heading: 'By', cell: (announcement) => announcement.sentBy ?? '—' },
            ]}
            rows={list}
            rowKey={(announcement) => announcement.id}
          />
        )}
      </QueryView>
    </div>
  );
}

function AnnouncementForm() {
  const send = useSendAnnouncement();
  const flash = useFlash();
  // One key per message written: the same form sent twice (a double click, a retry) is sent once.
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID());
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [level, setLevel] = useState('1');
  const [industry, setIndustry] = useState<string>(INDUSTRIES[0].value);
  const [promotional, setPromotional] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const group = audience === 'level' ? { audience, level: Number(level) } : audience === 'industry' ? { audience, industry } : { audience };
    send.mutate({ clientKey, title, body, promotional, ...group } as SendAnnouncementInput, {
      onSuccess: ({ message }) => {
        flash.showSuccess(message);
        setTitle('');
        setBody('');
        setPromotional(false);
        setClientKey(crypto.randomUUID());
      },
      onError: (failure) => setErrors(fieldErrors(failure)),
    });
  }

  return (
    <form className="card admin__stack-form" onSubmit={submit} aria-label="Write an announcement" noValidate>
      <h3>Write an announcement</h3>
      <p className="muted">Each member of the group gets it as a notification and by email.</p>
      <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required error={errors.title} />
      <TextAreaField
        label="Message"
        name="body"
        rows={5}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        maxLength={5000}
        required
        error={errors.body}
      />
      <SelectField
        label="Send to"
        name="audience"
        options={AUDIENCES}
        value={audience}
        onChange={(e) => setAudience(e.target.value as Audience)}
        error={errors.audience}
      />
      {audience === 'level' && (
        <SelectField label="Level" name="level" options={LEVEL_OPTIONS} value={level} onChange={(e) => setLevel(e.target.value)} error={errors.level} />
      )}
      {audience === 'industry' && (
        <SelectField
          label="Industry"
          name="industry"
          options={INDUSTRIES}
          value={industry}
          onChange={(e) => setIndustry(e.target.value)}
          error={errors.industry}
        />
      )}
      <CheckboxField
        label="Promotional (an offer or advert): sent only to members who agreed to marketing emails"
        name="promotional"
        checked={promotional}
        onChange={(e) => setPromotional(e.target.checked)}
        error={errors.promotional}
      />
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      {errors.clientKey && (
        <p className="form__error" role="alert">
          {errors.clientKey}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending && <ButtonSpinner />} Send announcement
      </button>
    </form>
  );
}
