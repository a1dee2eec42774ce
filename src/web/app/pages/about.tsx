import { AdvertsStrip } from '../../features/ads/components/adverts-strip';
import { AboutPage } from '../../features/site/components/about-page';

export function About() {
  return <AboutPage adverts={<AdvertsStrip />} />;
}
