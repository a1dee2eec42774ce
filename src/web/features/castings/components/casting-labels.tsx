import {
  APPLICATION_STATES,
  type ApplicationState,
  CASTING_CALL_STATES,
  CASTING_GENDERS,
  type CastingCallState,
  type MemberCastingRole,
} from '../../../../shared/castings';
import { displayDate } from '../../../../shared/display-date';
import { labelOf } from '../../../../shared/form-options';
import { TALENT_CATEGORIES } from '../../../../shared/talent-options';

/** Who a role is for: "Actor · any gender · ages 18-30 · levels 1-3", as members and staff read it. */
export function roleFacts(role: Pick<MemberCastingRole, 'category' | 'gender' | 'minAge' | 'maxAge' | 'minLevel' | 'maxLevel'>): string {
  const gender = role.gender === 'any' ? 'any gender' : labelOf(CASTING_GENDERS, role.gender).toLowerCase();
  return `${labelOf(TALENT_CATEGORIES, role.category)} · ${gender} · ages ${role.minAge}-${role.maxAge} · levels ${role.minLevel}-${role.maxLevel}`;
}

/** When and where the casting is: "12 Jun 2026, 10:00 · Lagos office". */
export function callWhen(call: { castingDay: string; time: string; place: string }): string {
  return `${displayDate(call.castingDay)}, ${call.time} · ${call.place}`;
}

/** Where an application stands (cast is the good outcome). */
export function ApplicationBadge({ state }: { state: ApplicationState }) {
  return <p className={`badge${state === 'cast' ? ' badge--ok' : ''}`}>{labelOf(APPLICATION_STATES, state)}</p>;
}

/** Whether a call is open. */
export function CallStateBadge({ state }: { state: CastingCallState }) {
  return <p className={`badge${state === 'open' ? ' badge--ok' : ''}`}>{labelOf(CASTING_CALL_STATES, state)}</p>;
}
