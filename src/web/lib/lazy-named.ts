import { type ComponentType, lazy } from 'react';

/** A component loaded from its own file the first time it is drawn: `lazyNamed(() => import('./x'), 'X')`. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<M[K] extends ComponentType<infer P> ? P : never> })));
}
