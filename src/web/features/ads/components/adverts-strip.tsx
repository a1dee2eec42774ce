import { usePublicAds } from '../api/get-ads';
import './adverts-strip.css';

/**
 * The homepage's Advertisements strip: the members' running ads, each opening its link in a new
 * tab through `clickUrl`, which counts the click. Nothing at all is shown when there is no ad
 * or the call fails, so the page never shows an empty box.
 */
export function AdvertsStrip() {
  const { data: ads } = usePublicAds();
  if (!ads || ads.length === 0) return null;
  return (
    <section className="adverts" aria-labelledby="adverts-title">
      <h2 id="adverts-title" className="adverts__title">
        Advertisements
      </h2>
      <ul className="adverts__list">
        {ads.map((ad) => (
          <li key={ad.id} className="adverts__item">
            <a href={ad.clickUrl} target="_blank" rel="noopener noreferrer" className="adverts__link">
              <img className="adverts__image" src={ad.imageUrl} alt={ad.altText} width={ad.width} height={ad.height} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
