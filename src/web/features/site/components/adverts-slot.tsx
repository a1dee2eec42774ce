import { AdvertsStrip } from '../../ads/components/adverts-strip';

/** Where the Advertisements strip goes on the landing and about pages; the ads feature fills it. */
export function AdvertsSlot() {
  return <AdvertsStrip />;
}
