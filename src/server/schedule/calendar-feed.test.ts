import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedMember, createTestApp, signedInStaffAs, type TestClient } from '../test-support/test-app.js';
import { eventDomain } from './calendar-feed.js';

/** Thursday 5 November 2026, 09:00 in Lagos. */
const now = new Date('2026-11-05T08:00:00Z');
const lines: string[] = [];
let portal: Awaited<ReturnType<typeof createTestApp>>;
let moderator: TestClient;
let seriesId: string;
/** The member's feed, as its address's path: `/api/calendar/<member>.<signature>.ics`. */
let feed: string;

const meeting = {
  kind: 'meeting',
  title: 'Feed meeting',
  place: 'Company office, Lekki',
  startTime: '10:00',
  endTime: '16:00',
  repeat: 'weekly',
  firstDay: '2026-11-01',
  weekdays: [4],
  audience: 'all',
  attendanceRequired: true,
  graceMinutes: 15,
};

/** The feed as a calendar app fetches it: no cookie, and the Host it was given. */
const fetchFeed = (host = 'localhost', path = feed) => portal.app.inject({ method: 'GET', url: path, headers: { host } });

/** The feed's events of the test's series, by the series' date (`day`) their UID names. */
async function ourEvents(host?: string): Promise<Map<string, ICAL.Event>> {
  const response = await fetchFeed(host);
  expect(response.statusCode, response.body).toBe(200);
  const events = new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return new Map(events.filter((e) => e.uid.startsWith(`${seriesId}-`)).map((e) => [e.uid.slice(seriesId.length + 1, seriesId.length + 11), e]));
}

const sequenceOf = async (day: string) => (await ourEvents()).get(day)!.sequence;

beforeAll(async () => {
  portal = await createTestApp({ LOG_LEVEL: 'info' }, { clock: () => now, logStream: { write: (line) => void lines.push(line) } });
  moderator = (await signedInStaffAs(portal.app, 'moderator')).client;
  const created = await moderator.post('/api/admin/schedule', { json: meeting });
  expect(created.statusCode, created.body).toBe(201);
  seriesId = created.json().series.id;
  const member = await activatedMember(portal.app);
  feed = new URL((await member.client.get('/api/users/calendar/feed')).json().url as string).pathname;
});
afterAll(() => portal.close());

describe('the calendar feed, as calendar apps read it', () => {
  it('gives each date the same UID whatever Host the feed is fetched by', async () => {
    const local = await ourEvents('localhost');
    const loopback = await ourEvents('127.0.0.1:3000');
    expect([...local.keys()].slice(0, 3)).toEqual(['2026-11-05', '2026-11-12', '2026-11-19']);
    expect([...loopback.values()].map((e) => e.uid)).toEqual([...local.values()].map((e) => e.uid));
    expect(local.get('2026-11-12')!.uid).toBe(`${seriesId}-2026-11-12@calendar.portal.invalid`);
    expect(eventDomain('https://portal.example.com:8443/')).toBe('portal.example.com');
    expect(eventDomain(undefined)).toBe('calendar.portal.invalid');
  });

  it('raises a date’s SEQUENCE each time it is moved or cancelled, and every date’s when its series is edited', async () => {
    expect(await sequenceOf('2026-11-12')).toBe(0);
    const change = (day: string, body: Record<string, unknown>) => moderator.post(`/api/admin/schedule/${seriesId}/dates/${day}/change`, { json: body });
    const move = { action: 'move', newDay: '2026-11-13', newStartTime: '13:00', newEndTime: '17:00', note: 'The hall is booked' };
    expect((await change('2026-11-12', move)).statusCode).toBe(200);
    expect(await sequenceOf('2026-11-12')).toBe(1);
    expect((await change('2026-11-12', { ...move, newStartTime: '14:00' })).statusCode).toBe(200);
    expect(await sequenceOf('2026-11-12')).toBe(2);
    expect((await change('2026-11-12', { action: 'cancel', note: 'Public holiday' })).statusCode).toBe(200);
    const cancelled = (await ourEvents()).get('2026-11-12')!;
    expect(cancelled.sequence).toBe(3);
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(await sequenceOf('2026-11-19')).toBe(0);

    const renamed = await moderator.put(`/api/admin/schedule/${seriesId}`, { json: { ...meeting, place: 'Studio 2, Lekki' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await ourEvents();
    expect(after.get('2026-11-12')!.sequence).toBe(4);
    expect(after.get('2026-11-19')).toMatchObject({ sequence: 1, location: 'Studio 2, Lekki' });
  });

  it('ends every line with CRLF, the last one included', async () => {
    const { body } = await fetchFeed();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('sets no cookie, on the feed or on a refused address, while other answers still carry the CSRF cookies', async () => {
    const answered = await fetchFeed();
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['set-cookie']).toBeUndefined();
    const refused = await fetchFeed('localhost', feed.replace(/\.[^.]+\.ics$/, `.${'x'.repeat(32)}.ics`));
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const elsewhere = await portal.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(String(elsewhere.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*presession=|presession=.*XSRF-TOKEN=/);
  });

  it('never writes the feed’s secret in the log', async () => {
    expect((await fetchFeed()).statusCode).toBe(200);
    const secret = feed.slice('/api/calendar/'.length);
    const signature = secret.split('.')[1]!;
    expect(signature).toHaveLength(32);
    const log = lines.join('');
    expect(log).not.toContain(signature);
    expect(log).not.toContain(secret);
    expect(log).toContain('"url":"/api/calendar/[redacted]"');
  });
});
