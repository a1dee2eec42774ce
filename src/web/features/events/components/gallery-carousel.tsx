import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';

/** Made by scripts/make-gallery-images.mjs and served from public/gallery. */
const GALLERY = [
  { src: '/gallery/premiere-night.webp', alt: 'Premiere night' },
  { src: '/gallery/casting-day.webp', alt: 'Casting day' },
  { src: '/gallery/training.webp', alt: 'Training' },
  { src: '/gallery/carnival.webp', alt: 'Carnival' },
  { src: '/gallery/award-night.webp', alt: 'Award night' },
  { src: '/gallery/anniversary.webp', alt: 'Anniversary' },
];

/**
 * 4 slides, gap 10, loop, arrows, autoplay every 2000 ms that carries on after
 * a swipe. Phones show fewer slides so each picture stays readable.
 */
export function GalleryCarousel() {
  return (
    <Swiper
      className="gallery"
      modules={[Navigation, Autoplay]}
      slidesPerView={4}
      spaceBetween={10}
      loop
      navigation
      autoplay={{ delay: 2000, disableOnInteraction: false }}
      breakpoints={{ 0: { slidesPerView: 1.3 }, 480: { slidesPerView: 2 }, 769: { slidesPerView: 3 }, 1024: { slidesPerView: 4 } }}
    >
      {GALLERY.map((image) => (
        <SwiperSlide key={image.src}>
          <figure className="gallery__item">
            <img src={image.src} alt={image.alt} width={640} height={480} loading="lazy" decoding="async" />
            <figcaption>{image.alt}</figcaption>
          </figure>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
