import { FORM_KINDS, FORM_ROUTES } from '../../shared/form-routes';

/** What a visitor sent to sign in or sign up by a guard is told, by the start of the page they asked for. */
const REASONS: { prefix: string; reason: string }[] = [
  { prefix: '/about', reason: 'Sign up to see who we are and what members get.' },
  { prefix: '/events', reason: 'Sign up to see our events and gallery: they are for members.' },
  { prefix: '/admin', reason: 'Log in with your staff account to open the console.' },
  { prefix: '/user/fees', reason: 'Log in or sign up to pay your membership fee.' },
  { prefix: '/notifications', reason: 'Log in to read your notifications.' },
  { prefix: '/profile/talent', reason: 'Log in to edit your talent profile.' },
  { prefix: '/editprofile', reason: 'Log in to edit your profile.' },
  { prefix: '/profile', reason: 'Log in to see your dashboard.' },
  ...FORM_KINDS.map(({ value }) => ({
    prefix: FORM_ROUTES[value].page.replace(/^\/?/, '/'),
    reason: `Log in or sign up to fill in the ${FORM_ROUTES[value].label}.`,
  })),
];

function startsPath(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`) || path.startsWith(`${prefix}#`);
}

/** Why the page asked for (the sign-in pages' return target) needs an account; null for none. */
export function guardReason(target: string | undefined): string | null {
  if (!target) return null;
  return REASONS.find(({ prefix }) => startsPath(target, prefix))?.reason ?? 'Log in or sign up to open that page.';
}
