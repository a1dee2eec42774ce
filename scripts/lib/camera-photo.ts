import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * A photo as a phone camera takes it: 12 megapixels of a scene with sensor noise (which is what
 * keeps a real photo from compressing to nothing), JPEG quality 92, about 4 MB, stored sideways
 * with EXIF orientation 6 (shown upright as 3000 x 4000), as phones held upright store them.
 * `shade` varies the scene so several photos are not the same bytes.
 */
export async function cameraPhoto(shade = 0): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c96"/><stop offset="1" stop-color="#35${shade % 10}"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <circle cx="${1800 + shade * 150}" cy="1500" r="900" fill="#eda"/>
      <rect x="200" y="2200" width="3600" height="500" fill="#463"/>
    </svg>`,
  );
  const noise = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 16 } } })
    .raw()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
