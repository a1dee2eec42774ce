import { useState } from 'react';
import { FINES } from '../../../../shared/fines';
import { displayDate } from '../../../../shared/display-date';
import { formatNaira } from '../../../../shared/money';
import { lagosWhenOf } from '../../../../shared/schedule';
import { QueryView } from '../../../components/query-view';
import { useAttendanceFines, useDecideFines, useFlaggedFines, useKeepFlaggedFine, useWithdrawnFines } from '../api/schedule';
import './schedule.css';

/** /admin/attendance-fines: the fines registers proposed, for finance to confirm or dismiss, one by one or in a batch. */
export function AttendanceFinesPage() {
  const fines = useAttendanceFines();
  const flagged = useFlaggedFines();
  const withdrawn = useWithdrawnFines();
  const decide = useDecideFines();
  const keep = useKeepFlaggedFine();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [notes, setNotes] = useState<Record<string, string>>({});
  const noteFor = (id: string) => notes[id] ?? '';
  const act = (action: 'confirm' | 'dismiss', ids: string[], note?: string) => decide.mutate({ action, ids, note }, { onSuccess: () => setChosen(new Set()) });
  return (
    <div>
      <h1>Attendance fines</h1>
      <p className="schedule__meta">Proposed by the registers under the terms. Nothing is charged until you confirm; read the member’s reason first.</p>
      {decide.data && <p role="status">{decide.data.message}</p>}
      {/* Outside the flagged list, which goes once its last fine is settled. */}
      {keep.data && <p role="status">{keep.data.message}</p>}
      {keep.error && (
        <p className="form__error" role="alert">
          {keep.error.message}
        </p>
      )}
      {decide.error && (
        <p className="form__error" role="alert">
          {decide.error.message}
        </p>
      )}
      <QueryView query={fines} isEmpty={(list) => list.length === 0} empty={<p>No fines are waiting for a decision.</p>}>
        {(list) => (
          <>
            <div className="schedule__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={chosen.size === 0 || decide.isPending}
                onClick={() => act('confirm', [...chosen])}
              >
                Confirm {chosen.size} chosen
              </button>
              <button type="button" className="button" disabled={chosen.size === 0 || decide.isPending} onClick={() => act('dismiss', [...chosen])}>
                Dismiss {chosen.size} chosen
              </button>
            </div>
            <ul className="schedule__list">
              {list.map((fine) => (
                <li key={fine.id} className="schedule__item">
                  <label>
                    <input
                      type="checkbox"
                      checked={chosen.has(fine.id)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(fine.id);
                        else next.delete(fine.id);
                        setChosen(next);
                      }}
                    />{' '}
                    <strong>{fine.fullName}</strong>: {fineLabel(fine.type)}, {formatNaira(fine.amountKobo)}
                  </label>
                  <p className="schedule__meta">
                    {displayDate(fine.day)} · {fine.reason}
                  </p>
                  {fine.memberReason && <p>Member’s reason: {fine.memberReason}</p>}
                  <label className="field">
                    <span>Your note (kept in the audit log)</span>
                    <input value={noteFor(fine.id)} maxLength={500} onChange={(event) => setNotes({ ...notes, [fine.id]: event.target.value })} />
                  </label>
                  <div className="schedule__actions">
                    <button type="button" className="button" disabled={decide.isPending} onClick={() => act('confirm', [fine.id], noteFor(fine.id))}>
                      Confirm
                    </button>
                    <button type="button" className="button" disabled={decide.isPending} onClick={() => act('dismiss', [fine.id], noteFor(fine.id))}>
                      Dismiss
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryView>
      {flagged.data && flagged.data.length > 0 && (
        <section aria-labelledby="flagged-fines">
          <h2 id="flagged-fines">Charged, but no longer supported by the register</h2>
          <p className="schedule__meta">
            A scan queued offline at the door reached us after these fines were confirmed. Speak with the member; if the charge stands, say why. Cancelling a
            charge is not in the portal yet.
          </p>
          <ul className="schedule__list">
            {flagged.data.map((fine) => (
              <li key={fine.id} className="schedule__item">
                <FineHeading fine={fine} />
                <p className="badge badge--flag">{fine.issue}</p>
                <label className="field">
                  <span>Why the charge stands (the member is told)</span>
                  <input value={noteFor(fine.id)} maxLength={500} onChange={(event) => setNotes({ ...notes, [fine.id]: event.target.value })} />
                </label>
                <div className="schedule__actions">
                  <button
                    type="button"
                    className="button"
                    disabled={keep.isPending || !noteFor(fine.id).trim()}
                    onClick={() => keep.mutate({ id: fine.id, note: noteFor(fine.id) })}
                  >
                    The charge stands
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {withdrawn.data && withdrawn.data.length > 0 && (
        <section aria-labelledby="withdrawn-fines">
          <h2 id="withdrawn-fines">Withdrawn after the register changed</h2>
          <p className="schedule__meta">
            After these were proposed, a scan from the door reached us or staff entered the attendance by hand, and it showed the member came: nothing was
            charged. Either is the word of the staff member who sent it; a typed member number was not checked against a card, and an entry by hand gives its
            reason.
          </p>
          <ul className="schedule__list">
            {withdrawn.data.map((fine) => (
              <li key={fine.id} className="schedule__item">
                <FineHeading fine={fine} />
                <p>
                  Withdrawn {fine.withdrawnAt && lagosWhenOf(fine.withdrawnAt)} after a change by {fine.withdrawnByName ?? 'a former staff member'}:{' '}
                  {fine.withdrawnReason}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const fineLabel = (type: string) => FINES[type as keyof typeof FINES]?.label ?? type;

/** Who, which fine and how much, then the date and why: how each listed fine begins. */
function FineHeading({ fine }: { fine: { fullName: string; type: string; amountKobo: number; day: string; reason: string } }) {
  return (
    <>
      <p>
        <strong>{fine.fullName}</strong>: {fineLabel(fine.type)}, {formatNaira(fine.amountKobo)}
      </p>
      <p className="schedule__meta">
        {displayDate(fine.day)} · {fine.reason}
      </p>
    </>
  );
}
