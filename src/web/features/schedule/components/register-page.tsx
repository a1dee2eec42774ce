import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { lagosTimeOf, lagosWhenOf, type ScanAnswer, STANDING_LABELS } from '../../../../shared/schedule';
import { QueryView } from '../../../components/query-view';
import { ApiError } from '../../../lib/api';
import { flushQueue, queuedScans, queueScan } from '../api/door-queue';
import { registerKey, sendScan, useProposeFines, useRegister } from '../api/schedule';
import './schedule.css';

const OUTCOME_TEXT: Record<ScanAnswer['outcome'], string> = { arrived: 'Arrived', 'already-arrived': 'Already here', left: 'Left' };
/** The camera reads the same code many times a second: one card is sent once in this time. */
const SAME_CODE_MS = 4000;

/** /admin/schedule/:seriesId/:day: the door's register on a phone. The camera reads card QR codes; typing the number is the fallback. */
export function RegisterPage() {
  const { seriesId = '', day = '' } = useParams();
  const register = useRegister(seriesId, day);
  const client = useQueryClient();
  const propose = useProposeFines(seriesId, day);
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() => queuedScans().length);
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
      void flushQueue().then((sent) => {
        setWaiting(queuedScans().length);
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
        {({ date, expected, present, graceMinutes }) => (
          <>
            <h1>{date.title}</h1>
            <p className="schedule__meta">
              {lagosWhenOf(date.startsAt)} to {lagosTimeOf(date.endsAt)} · {date.place} · late after {graceMinutes} minutes
            </p>
            {date.cancelled ? (
              <p className="badge badge--flag">Cancelled: {date.note}</p>
            ) : (
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
                {problem && (
                  <p className="form__error" role="alert">
                    {problem}
                  </p>
                )}
                {answer && <ScanCard answer={answer} />}
              </>
            )}
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
                  {p.standing !== 'active' && <span className={`badge${p.standing === 'grace' ? '' : ' badge--flag'}`}>{STANDING_LABELS[p.standing]}</span>}
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
        )}
      </QueryView>
    </div>
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
