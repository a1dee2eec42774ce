import { type ComponentType, lazy } from 'react';
import { isMissingCode, reloadForMissingCode } from './missing-code';

/**
 * A component loaded from its own file the first time it is drawn: `lazyNamed(() => import('./x'), 'X')`.
 * A file the server no longer has (the site was deployed since the page opened; Vite's
 * `vite:preloadError` ends up here too) reloads the page once, and the component stays loading
 * meanwhile. Only here: a reload on any failed import would lose a half-filled form when its
 * checks or the photo shrinker fail to download, which those imports survive on their own.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() =>
    load().then(
      (module) => ({ default: module[name] as ComponentType<M[K] extends ComponentType<infer P> ? P : never> }),
      (error: unknown) => (isMissingCode(error) && reloadForMissingCode() ? new Promise<never>(() => undefined) : Promise.reject(error)),
    ),
  );
}
