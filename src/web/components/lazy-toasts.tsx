import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../lib/lazy-named';
import { ErrorBoundary } from './error-boundary';
import { useFlash } from './flash-context';

const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

/**
 * The toast library is not needed to draw a page, so it loads on the first message or when the
 * person first taps or types (before any action of theirs can bring a message), whichever comes
 * first; a message waits in the context meanwhile. Not on a timer: its stylesheet, inserted into a
 * painted page, restyles and lays out the whole page again, a phone's longest task after the page
 * has been taken over (issue 31's blocking time).
 */
export function LazyToasts() {
  const { error, success } = useFlash();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (error || success) setWanted(true);
  }, [error, success]);

  useEffect(() => {
    const want = () => setWanted(true);
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) document.addEventListener(event, want, { capture: true, once: true, passive: true });
    return () => {
      for (const event of events) document.removeEventListener(event, want, { capture: true });
    };
  }, []);

  if (!wanted) return null;
  return (
    <ErrorBoundary fallback={() => <PlainFlash />}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The message without the toast library, when its code could not be downloaded. */
function PlainFlash() {
  const { error, success } = useFlash();
  const message = error ?? success;
  if (!message) return null;
  return (
    <p className={error ? 'plain-flash plain-flash--error' : 'plain-flash'} role={error ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
