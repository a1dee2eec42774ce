import { useSearchParams } from 'react-router';
import type { User } from '../../../../shared/schemas/users';
import { guardReason } from '../../../lib/guard-reason';
import { RETURN_PARAM, safeReturnPath, withReturnTo } from '../../../lib/return-to';

/** Where signing in leads without a page to return to: staff to the console, members to their dashboard. */
function homePathFor(user: User): string {
  return user.role === 'admin' ? '/admin' : '/profile';
}

/**
 * The page a sign-in page leads back to (from its `next` query, this site's paths only):
 * `destination(user)` once signed in, `carry(path)` for a link to another sign-in page, and
 * `reason`: why that page needs an account, for the visitor a guard sent here.
 */
export function useReturnTarget() {
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get(RETURN_PARAM));
  return {
    destination: (user: User) => target ?? homePathFor(user),
    carry: (path: string) => withReturnTo(path, target),
    reason: guardReason(target),
  };
}
