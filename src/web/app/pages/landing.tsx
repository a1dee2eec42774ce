import { AdvertsStrip } from '../../features/ads/components/adverts-strip';
import { LandingPage } from '../../features/site/components/landing-page';

export function Landing() {
  return <LandingPage adverts={<AdvertsStrip />} />;
}
