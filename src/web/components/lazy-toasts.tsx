import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../lib/lazy-named';
import { ErrorBoundary } from './error-boundary';
import { useFlash } from './flash-context';

const Toasts = lazyNamed(() => import('./toasts'), 'Toasts');

/**
 * The toast library is not needed to draw the landing page, so it loads on the first message or
 * once the browser is idle, whichever comes first; the message waits in the context meanwhile.
 */
export function LazyToasts() {
  const { error, success } = useFlash();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (error || success) setWanted(true);
  }, [error, success]);

  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), 3000);
    return () => clearTimeout(timer);
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
