import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import type { GalleryImage } from '../../../../shared/company-events';

/**
 * 4 slides, gap 10, loop, arrows, autoplay every 2000 ms that carries on after
 * a swipe. Phones show fewer slides so each picture stays readable.
 */
export function GalleryCarousel({ images }: { images: GalleryImage[] }) {
  return (
    <Swiper
      className="gallery"
      modules={[Navigation, Autoplay]}
      slidesPerView={4}
      spaceBetween={10}
      loop={images.length > 4}
      rewind={images.length <= 4}
      navigation
      autoplay={{ delay: 2000, disableOnInteraction: false }}
      breakpoints={{ 0: { slidesPerView: 1.3 }, 480: { slidesPerView: 2 }, 769: { slidesPerView: 3 }, 1024: { slidesPerView: 4 } }}
    >
      {images.map((image) => (
        <SwiperSlide key={image.id}>
          <figure className="gallery__item">
            <img src={image.imageUrl} alt={image.caption} width={640} height={480} loading="lazy" decoding="async" />
            <figcaption>{image.caption}</figcaption>
          </figure>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
