// Writes the installed app's icons (src/web/public/icons) from the favicon: run again after the
// logo changes (`node scripts/make-icons.mjs`), and commit the PNGs.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const favicon = readFileSync('src/web/public/favicon.svg', 'utf8').trim();
const inner = favicon.replace(/^<svg[^>]*>|<\/svg>$/g, '');
// A maskable icon fills its square; the launcher may cut a circle out of it, so the logo sits in the middle 80%.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#fbbf24"/><g transform="translate(3.2 3.2) scale(0.8)">${inner}</g></svg>`;

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'maskable-512.png', svg: maskable, size: 512 },
];
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`src/web/public/icons/${file}`);
  console.log(`src/web/public/icons/${file}`);
}
