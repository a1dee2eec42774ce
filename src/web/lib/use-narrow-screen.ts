import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants';

const narrowQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** True on a phone-sized screen, following rotation and resizing. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(narrowQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(narrowQuery);
    const follow = () => setNarrow(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return narrow;
}
