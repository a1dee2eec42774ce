import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceFineState, ByHand, RegisterScan, ScanAnswer, ScanStanding, SessionDate } from '../../../../shared/schedule';
import type { HandEntryInput } from '../../../../shared/schemas/schedule';
import { api } from '../../../lib/api';

export type CalendarDate = SessionDate & { attendance: { arrivedAt: string; leftAt: string | null } | null };

export interface MemberFine {
  id: string;
  day: string;
  type: string;
  reason: string;
  state: AttendanceFineState;
  memberReason: string | null;
  title: string;
  amountKobo: number;
}

export function useMemberCalendar() {
  return useQuery({ queryKey: ['calendar'], queryFn: () => api.get<{ dates: CalendarDate[] }>('/api/users/calendar').then((r) => r.dates) });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: ['calendar', 'feed'], queryFn: () => api.get<{ url: string }>('/api/users/calendar/feed').then((r) => r.url) });
}

export function useRenewFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; url: string }>('/api/users/calendar/feed', { fallback: 'The address could not be renewed. Try again.' }),
    onSuccess: (answer) => client.setQueryData(['calendar', 'feed'], answer.url),
  });
}

export function useMyAttendance() {
  return useQuery({
    queryKey: ['attendance'],
    queryFn: () =>
      api.get<{ visits: { seriesId: string; day: string; title: string; arrivedAt: string; leftAt: string | null }[]; fines: MemberFine[] }>(
        '/api/users/attendance',
      ),
  });
}

export function useSendFineReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<{ message: string }>(`/api/users/attendance-fines/${id}/reason`, { json: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['attendance'] }),
  });
}

export function useSessionDates(from: string, to: string) {
  return useQuery({
    queryKey: ['schedule', 'dates', from, to],
    queryFn: () => api.get<{ dates: SessionDate[] }>(`/api/admin/schedule/dates?${new URLSearchParams({ from, to })}`).then((r) => r.dates),
  });
}

export interface Register {
  date: SessionDate;
  graceMinutes: number;
  expected: number;
  present: {
    userId: string;
    fullName: string;
    memberNumber: string;
    standing: ScanStanding;
    arrivedAt: string;
    leftAt: string | null;
    /** Every scan of the member at this date: how it was made (card or typed number) and by whom. */
    scans: RegisterScan[];
    /** Set when staff entered this attendance by hand (a paper register), never by a scan. */
    byHand: ByHand | null;
  }[];
}

export const registerKey = (seriesId: string, day: string) => ['schedule', 'register', seriesId, day];

export function useRegister(seriesId: string, day: string) {
  return useQuery({ queryKey: registerKey(seriesId, day), queryFn: () => api.get<Register>(`/api/admin/schedule/${seriesId}/dates/${day}/register`) });
}

export interface DoorScan {
  seriesId: string;
  day: string;
  scanId: string;
  code: string;
  scannedAt: string;
}

/** One scan sent: its id is also its Idempotency-Key, so a scan sent again after a lost answer counts once. */
export function sendScan(scan: DoorScan): Promise<ScanAnswer> {
  return api.post<ScanAnswer>(`/api/admin/schedule/${scan.seriesId}/dates/${scan.day}/scans`, {
    json: { scanId: scan.scanId, code: scan.code, scannedAt: scan.scannedAt },
    idempotencyKey: scan.scanId,
    fallback: 'The scan could not be sent.',
  });
}

/** A past date's register corrected by hand: a member recorded present, or an attendance taken off, each with a reason. */
export function useCorrectRegister(seriesId: string, day: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (correction: { record: HandEntryInput } | { remove: string; reason: string }) =>
      'record' in correction
        ? api.post<{ message: string }>(`/api/admin/schedule/${seriesId}/dates/${day}/attendance`, { json: correction.record })
        : api.delete<{ message: string }>(`/api/admin/schedule/${seriesId}/dates/${day}/attendance/${correction.remove}`, {
            json: { reason: correction.reason },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: registerKey(seriesId, day) }),
  });
}

export function useProposeFines(seriesId: string, day: string) {
  return useMutation({ mutationFn: () => api.post<{ message: string; added: number }>(`/api/admin/schedule/${seriesId}/dates/${day}/fines`) });
}

export interface AttendanceFine extends MemberFine {
  userId: string;
  fullName: string;
  seriesId: string;
  /** On a confirmed fine a scan sent later no longer supports: what finance must settle. */
  issue: string | null;
  /** On a proposal the register took back later (a scan sent late, attendance entered by hand or removed): when, why, and by whom. */
  withdrawnAt: string | null;
  withdrawnReason: string | null;
  withdrawnByName: string | null;
}

export function useAttendanceFines() {
  return useQuery({ queryKey: ['attendance-fines'], queryFn: () => api.get<{ fines: AttendanceFine[] }>('/api/admin/attendance-fines').then((r) => r.fines) });
}

/** Confirmed fines a scan sent later (queued offline at the door) no longer supports. */
export function useFlaggedFines() {
  return useQuery({
    queryKey: ['attendance-fines', 'flagged'],
    queryFn: () => api.get<{ fines: AttendanceFine[] }>('/api/admin/attendance-fines?flagged=true').then((r) => r.fines),
  });
}

/** Proposals the register took back after they were made (a scan sent later, attendance entered by hand): kept for finance to see, newest first. */
export function useWithdrawnFines() {
  return useQuery({
    queryKey: ['attendance-fines', 'withdrawn'],
    queryFn: () => api.get<{ fines: AttendanceFine[] }>('/api/admin/attendance-fines?state=withdrawn').then((r) => r.fines),
  });
}

export function useDecideFines() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids, note }: { action: 'confirm' | 'dismiss'; ids: string[]; note?: string }) =>
      api.post<{ message: string }>(`/api/admin/attendance-fines/${action}`, {
        json: { ids, note: note || undefined },
        idempotencyKey: action === 'confirm' ? crypto.randomUUID() : undefined,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['attendance-fines'] }),
  });
}

/** Finance settle a flagged (charged, then unsupported) fine: the charge stands, with their note. */
export function useKeepFlaggedFine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => api.post<{ message: string }>(`/api/admin/attendance-fines/${id}/keep`, { json: { note } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['attendance-fines'] }),
  });
}
