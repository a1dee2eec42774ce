/**
 * Renders the six gallery pictures of the Events page (src/web/public/gallery/*.webp): scene-like
 * gradients with a caption, drawn as SVG and encoded by sharp as small WebP files (a few KB each),
 * so the gallery ships no stock photos and stays light on mobile data. Run: node scripts/make-gallery-images.mjs
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'web', 'public', 'gallery');

const scenes = [
  { file: 'premiere-night', title: 'Premiere night', from: '#1e1b4b', to: '#c2410c', glow: '#fbbf24', shape: 'lights' },
  { file: 'casting-day', title: 'Casting day', from: '#0f766e', to: '#1f2937', glow: '#5eead4', shape: 'stage' },
  { file: 'training', title: 'Training', from: '#7c2d12', to: '#f59e0b', glow: '#fde68a', shape: 'rings' },
  { file: 'carnival', title: 'Carnival', from: '#831843', to: '#f97316', glow: '#fef08a', shape: 'confetti' },
  { file: 'award-night', title: 'Award night', from: '#111827', to: '#854d0e', glow: '#fbbf24', shape: 'star' },
  { file: 'anniversary', title: 'Anniversary', from: '#312e81', to: '#be185d', glow: '#f9a8d4', shape: 'rings' },
];

/** A deterministic pseudo-random sequence, so the images are the same on every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function decoration(scene, index) {
  const rand = random(index + 7);
  switch (scene.shape) {
    case 'lights':
      return Array.from({ length: 5 }, (_, i) => {
        const x = 80 + i * 120;
        return `<polygon points="${x},0 ${x - 70},${HEIGHT} ${x + 70},${HEIGHT}" fill="${scene.glow}" opacity="0.10"/>`;
      }).join('');
    case 'stage':
      return `<ellipse cx="320" cy="430" rx="300" ry="60" fill="${scene.glow}" opacity="0.25"/><rect x="0" y="0" width="90" height="${HEIGHT}" fill="#000" opacity="0.3"/><rect x="550" y="0" width="90" height="${HEIGHT}" fill="#000" opacity="0.3"/>`;
    case 'rings':
      return Array.from({ length: 4 }, (_, i) => `<circle cx="${480 - i * 30}" cy="${140 + i * 10}" r="${60 + i * 45}" fill="none" stroke="${scene.glow}" stroke-width="3" opacity="${0.35 - i * 0.07}"/>`).join('');
    case 'confetti':
      return Array.from({ length: 40 }, () => {
        const colors = ['#fde047', '#22d3ee', '#f472b6', '#a3e635', '#fff'];
        const color = colors[Math.floor(rand() * colors.length)];
        return `<rect x="${Math.round(rand() * WIDTH)}" y="${Math.round(rand() * 330)}" width="10" height="4" fill="${color}" opacity="0.8" transform="rotate(${Math.round(rand() * 180)} ${Math.round(rand() * WIDTH)} ${Math.round(rand() * 330)})"/>`;
      }).join('');
    case 'star':
      return `<polygon points="320,60 348,150 440,150 366,204 394,292 320,238 246,292 274,204 200,150 292,150" fill="${scene.glow}" opacity="0.85"/>`;
    default:
      return '';
  }
}

function svg(scene, index) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${scene.from}"/>
      <stop offset="1" stop-color="${scene.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.25" r="0.6">
      <stop offset="0" stop-color="${scene.glow}" stop-opacity="0.45"/>
      <stop offset="1" stop-color="${scene.glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.65"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  ${decoration(scene, index)}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <text x="36" y="420" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="700" fill="#fff">${scene.title}</text>
  <text x="38" y="452" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#fff" opacity="0.85">Home of Movies, Modelling &amp; Music</text>
</svg>`;
}

mkdirSync(out, { recursive: true });
for (const [index, scene] of scenes.entries()) {
  const target = path.join(out, `${scene.file}.webp`);
  await sharp(Buffer.from(svg(scene, index))).webp({ quality: 70, effort: 6 }).toFile(target);
  console.log(`${path.relative(process.cwd(), target)}  ${(statSync(target).size / 1024).toFixed(1)} KB`);
}
