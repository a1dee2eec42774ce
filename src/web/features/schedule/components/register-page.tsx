import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { todayInLagos } from '../../../../shared/dates';
import {
  type ByHand,
  firstHandEntryDay,
  lagosTimeOf,
  lagosWhenOf,
  type RegisterScan,
  SCAN_DELAY_HOURS,
  SCAN_LEAD_MINUTES,
  SCAN_METHOD_LABELS,
  SCAN_TRAIL_MINUTES,
  type ScanAnswer,
  type SessionDate,
  STANDING_LABELS,
} from '../../../../shared/schedule';
import { QueryView } from '../../../components/query-view';
import { ApiError } from '../../../lib/api';
import { flushQueue, queuedScans, queueScan } from '../api/door-queue';
import { registerKey, sendScan, useProposeFines, useRegister } from '../api/schedule';
import { HandEntryForm, TakeOffRegister } from './hand-entry-form';
import './schedule.css';

const OUTCOME_TEXT: Record<ScanAnswer['outcome'], string> = { arrived: 'Arrived', 'already-arrived': 'Already here', left: 'Left' };
/** The camera reads the same code many times a second: one card is sent once in this time. */
const SAME_CODE_MS = 4000;

/**
 * What the page offers for a date now: the door while it takes a scan made now (until
 * SCAN_TRAIL_MINUTES after the end), and corrections by hand once the date is over, for as long
 * back as the server takes them. The server decides; this only spares staff a form that would be refused.
 */
function registerNow(date: SessionDate) {
  const now = Date.now();
  const endsAt = Date.parse(date.endsAt);
  const correctable = now >= endsAt && todayInLagos(new Date(date.startsAt)) >= firstHandEntryDay(todayInLagos());
  return { door: !date.cancelled && now <= endsAt + SCAN_TRAIL_MINUTES * 60_000, correctable, byHand: correctable && !date.cancelled };
}

/** /admin/schedule/:seriesId/:day: the door's register on a phone. The camera reads card QR codes; typing the number is the fallback. */
export function RegisterPage() {
  const { seriesId = '', day = '' } = useParams();
  const register = useRegister(seriesId, day);
  const client = useQueryClient();
  const propose = useProposeFines(seriesId, day);
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() => queuedScans().length);
  const [refusedFromPhone, setRefusedFromPhone] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const lastCode = useRef<{ code: string; at: number } | null>(null);

  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: registerKey(seriesId, day) }), [client, seriesId, day]);

  const scan = useCallback(
    async (code: string, fromCamera = false) => {
      const now = Date.now();
      if (fromCamera && lastCode.current && lastCode.current.code === code && now - lastCode.current.at < SAME_CODE_MS) return;
      lastCode.current = { code, at: now };
      const door = { seriesId, day, scanId: crypto.randomUUID(), code, scannedAt: new Date(now).toISOString() };
      setProblem(null);
      try {
        setAnswer(await sendScan(door));
        refresh();
      } catch (error) {
        if (error instanceof ApiError && error.transient) {
          queueScan(door);
          setWaiting(queuedScans().length);
          setAnswer(null);
          setProblem('No connection: the scan is kept on this phone and sent when the connection returns.');
        } else {
          setAnswer(null);
          setProblem(error instanceof Error ? error.message : 'The scan could not be recorded.');
        }
      }
    },
    [seriesId, day, refresh],
  );

  useEffect(() => {
    const send = () =>
      void flushQueue().then(({ sent, refused }) => {
        setWaiting(queuedScans().length);
        if (refused.length > 0) setRefusedFromPhone((shown) => [...shown, ...refused]);
        if (sent > 0) refresh();
      });
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [refresh]);

  return (
    <div className="register">
      <p>
        <Link to="/admin/schedule">Schedule</Link>
      </p>
      <QueryView query={register}>
        {({ date, expected, present, graceMinutes }) => {
          const can = registerNow(date);
          return (
            <>
              <h1>{date.title}</h1>
              <p className="schedule__meta">
                {lagosWhenOf(date.startsAt)} to {lagosTimeOf(date.endsAt)} · {date.place} · late after {graceMinutes} minutes
              </p>
              <p className="schedule__meta">
                Scans are taken from {SCAN_LEAD_MINUTES} minutes before the start; scans kept on this phone without a connection are taken until{' '}
                {SCAN_DELAY_HOURS} hours after the end.
              </p>
              {date.cancelled && <p className="badge badge--flag">Cancelled: {date.note}</p>}
              {!date.cancelled && !can.door && (
                <p className="schedule__meta">The door no longer takes scans made now for this date: record a member who came by hand, below.</p>
              )}
              {can.door && (
                <>
                  <Camera onCode={(code) => void scan(code, true)} />
                  <form
                    className="register__typed"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (typed.trim()) void scan(typed.trim()).then(() => setTyped(''));
                    }}
                  >
                    <label className="visually-hidden" htmlFor="member-number">
                      Member number
                    </label>
                    <input
                      id="member-number"
                      inputMode="text"
                      autoComplete="off"
                      placeholder="Member number, e.g. HM-000123"
                      value={typed}
                      onChange={(event) => setTyped(event.target.value)}
                    />
                    <button type="submit" className="button button--primary">
                      Record
                    </button>
                  </form>
                  {waiting > 0 && (
                    <p role="status">
                      {waiting} scan{waiting === 1 ? '' : 's'} kept on this phone, to be sent when the connection returns.
                    </p>
                  )}
                  {refusedFromPhone.length > 0 && (
                    <div className="form__error" role="alert">
                      <p>Scans kept on this phone that the register refused:</p>
                      <ul>
                        {refusedFromPhone.map((reason, i) => (
                          <li key={i}>{reason}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {problem && (
                    <p className="form__error" role="alert">
                      {problem}
                    </p>
                  )}
                  {answer && <ScanCard answer={answer} />}
                </>
              )}
              {can.byHand && <HandEntryForm date={date} />}
              <h2 className="section-title">
                Present: {present.length} of {expected} expected
              </h2>
              <ul className="schedule__list" aria-label="Register">
                {present.map((p) => (
                  <li key={p.userId} className="schedule__item">
                    <p className="schedule__when">
                      {p.fullName} <span className="schedule__meta">{p.memberNumber}</span>
                    </p>
                    <p className="schedule__meta">
                      Arrived {lagosTimeOf(p.arrivedAt)}
                      {p.leftAt ? `, left ${lagosTimeOf(p.leftAt)}` : ''}
                    </p>
                    <ScansOf scans={p.scans} />
                    {p.byHand && <ByHandNote byHand={p.byHand} />}
                    {p.standing !== 'active' && <span className={`badge${p.standing === 'grace' ? '' : ' badge--flag'}`}>{STANDING_LABELS[p.standing]}</span>}
                    {can.correctable && <TakeOffRegister date={date} member={p} />}
                  </li>
                ))}
              </ul>
              {!date.cancelled && (
                <p>
                  <button type="button" className="button" disabled={propose.isPending} onClick={() => propose.mutate()}>
                    Propose fines to finance
                  </button>
                  {propose.data && <span role="status"> {propose.data.message}</span>}
                  {propose.error && (
                    <span className="form__error" role="alert">
                      {' '}
                      {propose.error.message}
                    </span>
                  )}
                </p>
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

/** How each of a member's scans was made, and by whom: a number typed instead of a card scanned is marked. */
function ScansOf({ scans }: { scans: RegisterScan[] }) {
  return (
    <ul className="register__scans" aria-label="Scans">
      {scans.map((scan, i) => (
        <li key={i} className="schedule__meta">
          {lagosTimeOf(scan.scannedAt)}: {scan.method ? SCAN_METHOD_LABELS[scan.method] : 'how not recorded'} by {scan.staffName ?? 'a former staff member'}
          {scan.method === 'typed' && <span className="badge badge--flag">Typed</span>}
        </li>
      ))}
    </ul>
  );
}

/** Attendance entered by hand, never a scan: marked, with why, who and when. */
function ByHandNote({ byHand }: { byHand: ByHand }) {
  return (
    <p className="schedule__meta">
      <span className="badge badge--flag">By hand</span> {byHand.reason} (entered by {byHand.staffName ?? 'a former staff member'},{' '}
      {lagosWhenOf(byHand.enteredAt)})
    </p>
  );
}

function ScanCard({ answer }: { answer: ScanAnswer }) {
  const flagged = answer.member.standing === 'lapsed' || answer.member.standing === 'suspended';
  return (
    <div className={`register__answer${flagged ? ' register__answer--flagged' : ''}`} role="status" aria-live="polite">
      {answer.member.photoUrl ? (
        <img className="register__photo" src={answer.member.photoUrl} alt="" />
      ) : (
        <span className="register__photo" aria-hidden="true" />
      )}
      <div>
        <p className="register__name">{answer.member.fullName}</p>
        <p className="schedule__meta">{answer.member.memberNumber}</p>
        <span className={`badge${flagged ? ' badge--flag' : ' badge--ok'}`}>{STANDING_LABELS[answer.member.standing]}</span>
        {answer.member.photoNote && <p className="register__note">{answer.member.photoNote}</p>}
        <p className="schedule__when">
          {OUTCOME_TEXT[answer.outcome]} {lagosTimeOf(answer.outcome === 'left' && answer.leftAt ? answer.leftAt : answer.arrivedAt)}
        </p>
      </div>
    </div>
  );
}

/** The phone's camera reading QR codes (qr-scanner, loaded when the camera is turned on). */
function Camera({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!on || !video.current) return;
    let stopped = false;
    let scanner: { destroy(): void } | null = null;
    void import('qr-scanner')
      .then(async ({ default: QrScanner }) => {
        if (stopped || !video.current) return;
        const instance = new QrScanner(video.current, (result) => latest.current(result.data), {
          returnDetailedScanResult: true,
          preferredCamera: 'environment',
          // A frame without a code is the usual answer; anything else means the reader cannot run
          // here (its worker refused, say), and the camera would otherwise look as if it works.
          onDecodeError: (error) => {
            if (error !== QrScanner.NO_QR_CODE_FOUND) setProblem('The camera cannot read codes on this phone: type the member number instead.');
          },
        });
        scanner = instance;
        await instance.start();
      })
      .catch(() => setProblem('The camera could not be started here: type the member number instead.'));
    return () => {
      stopped = true;
      scanner?.destroy();
    };
  }, [on]);

  return (
    <div>
      {on && <video ref={video} className="register__video" muted playsInline aria-label="Camera" />}
      <p>
        <button type="button" className="button" onClick={() => setOn(!on)}>
          {on ? 'Stop the camera' : 'Scan cards with the camera'}
        </button>
      </p>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
