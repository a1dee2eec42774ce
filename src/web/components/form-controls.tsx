import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated';

/**
 * A form's fields and buttons on a page the server draws, inert until React has taken the page
 * over: before that, what is typed would be reset when the form's state starts, and sending would
 * submit the plain HTML form (the password in the address bar). Inert rather than a disabled
 * fieldset: lifting `disabled` makes the browser re-check every control inside in one go, which
 * was the sign-up page's longest task in Lighthouse's phone measurement. It takes no room of its own in the
 * form's layout.
 */
export function FormControls({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-controls" inert={!hydrated}>
      {children}
    </fieldset>
  );
}
