import { like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { recordAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { auditLog, galleryImages } from '../db/schema.js';
import { withFileTransaction } from '../files/files-service.js';

const WIDTH = 1200;
const HEIGHT = 900;

/** A scene drawn in plain shapes (no text, so no font is needed where the portal runs). */
function scene(from: string, to: string, shapes: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 1200 900">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="900" fill="url(#sky)"/>${shapes}</svg>`;
}

/** Six pictures a new install shows in the events page's carousel until the company puts its own. */
export const STARTER_PICTURES: { caption: string; svg: string }[] = [
  {
    caption: 'Premiere night',
    svg: scene(
      '#1e1b4b',
      '#4c1d95',
      `<polygon points="420,0 520,0 700,900 300,900" fill="#fde68a" opacity="0.18"/><polygon points="700,0 800,0 1000,900 620,900" fill="#fde68a" opacity="0.14"/>
<polygon points="520,520 680,520 900,900 300,900" fill="#b91c1c"/><rect x="0" y="780" width="1200" height="120" fill="#111827" opacity="0.6"/>`,
    ),
  },
  {
    caption: 'On set',
    svg: scene(
      '#0f172a',
      '#334155',
      `<g transform="translate(330 260)"><rect x="0" y="120" width="540" height="360" rx="18" fill="#111827"/>
<g transform="rotate(-12 0 120)"><rect x="0" y="20" width="540" height="100" fill="#f9fafb"/><polygon points="40,20 120,20 80,120 0,120" fill="#111827"/><polygon points="200,20 280,20 240,120 160,120" fill="#111827"/><polygon points="360,20 440,20 400,120 320,120" fill="#111827"/><polygon points="520,20 540,20 540,70 500,120 480,120" fill="#111827"/></g>
<rect x="40" y="200" width="460" height="8" fill="#f9fafb" opacity="0.7"/><rect x="40" y="300" width="460" height="8" fill="#f9fafb" opacity="0.7"/><rect x="40" y="400" width="460" height="8" fill="#f9fafb" opacity="0.7"/></g>`,
    ),
  },
  {
    caption: 'Training day',
    svg: scene(
      '#7c2d12',
      '#431407',
      `<rect x="0" y="0" width="1200" height="90" fill="#991b1b"/><path d="M0 90 Q150 300 0 900 L0 90Z" fill="#b91c1c"/><path d="M1200 90 Q1050 300 1200 900 L1200 90Z" fill="#b91c1c"/>
<path d="M0 0 C200 200 160 600 260 900 L0 900Z" fill="#dc2626"/><path d="M1200 0 C1000 200 1040 600 940 900 L1200 900Z" fill="#dc2626"/>
<rect x="200" y="700" width="800" height="200" fill="#78350f"/><circle cx="520" cy="560" r="50" fill="#fbbf24"/><rect x="480" y="610" width="80" height="120" rx="30" fill="#fbbf24"/>
<circle cx="700" cy="580" r="44" fill="#fde68a"/><rect x="664" y="624" width="72" height="106" rx="28" fill="#fde68a"/>`,
    ),
  },
  {
    caption: 'Awards night',
    svg: scene(
      '#111827',
      '#1f2937',
      `<circle cx="600" cy="430" r="300" fill="#fbbf24" opacity="0.12"/>
<polygon points="600,170 660,350 850,350 695,460 755,640 600,530 445,640 505,460 350,350 540,350" fill="#fbbf24"/>
<rect x="520" y="660" width="160" height="40" rx="8" fill="#d97706"/><rect x="470" y="700" width="260" height="60" rx="10" fill="#b45309"/>`,
    ),
  },
  {
    caption: 'Visiting the community',
    svg: scene(
      '#0284c7',
      '#7dd3fc',
      `<circle cx="960" cy="200" r="90" fill="#fde68a"/><rect x="0" y="660" width="1200" height="240" fill="#166534"/>
<polygon points="250,420 450,280 650,420" fill="#b45309"/><rect x="290" y="420" width="320" height="240" fill="#fef3c7"/><rect x="420" y="520" width="70" height="140" fill="#92400e"/>
<circle cx="760" cy="560" r="40" fill="#fbbf24"/><rect x="725" y="600" width="70" height="110" rx="26" fill="#fbbf24"/><circle cx="870" cy="580" r="32" fill="#f9fafb"/><rect x="842" y="612" width="56" height="90" rx="22" fill="#f9fafb"/>`,
    ),
  },
  {
    caption: 'Camping',
    svg: scene(
      '#0c4a6e',
      '#082f49',
      `<circle cx="260" cy="180" r="70" fill="#f9fafb" opacity="0.9"/><circle cx="290" cy="160" r="62" fill="#0c4a6e"/>
<circle cx="700" cy="120" r="4" fill="#f9fafb"/><circle cx="900" cy="220" r="3" fill="#f9fafb"/><circle cx="520" cy="260" r="3" fill="#f9fafb"/><circle cx="1040" cy="90" r="4" fill="#f9fafb"/>
<rect x="0" y="700" width="1200" height="200" fill="#14532d"/><polygon points="600,360 880,720 320,720" fill="#f97316"/><polygon points="600,460 660,720 540,720" fill="#7c2d12"/>
<polygon points="940,700 970,640 1000,700" fill="#fbbf24"/><polygon points="955,700 970,665 985,700" fill="#ef4444"/>`,
    ),
  },
];

/**
 * A new install's gallery: the six starter pictures, drawn with sharp, added once. An install whose
 * gallery ever had a picture or a starter (added, deleted or these, as the audit log keeps them)
 * gets none, so pictures the company deleted do not come back. Portals starting at once on the same
 * database add them once: the work waits on one lock and looks again under it.
 */
export async function ensureStarterGallery(ctx: AppContext): Promise<void> {
  if (!ctx.config.starterGallery || (await galleryBegun(ctx))) return;
  const pictures = await Promise.all(
    STARTER_PICTURES.map(async (picture) => ({
      caption: picture.caption,
      data: await sharp(Buffer.from(picture.svg)).webp({ quality: 80 }).toBuffer(),
    })),
  );
  const newFiles = pictures.map((picture) => ({ ownerId: null, purpose: 'gallery-image', data: picture.data, mimeType: 'image/webp' }));
  try {
    await withFileTransaction(ctx, newFiles, async (tx, stored) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('starter-gallery'))`);
      if (await galleryBegun(ctx, tx)) throw new AlreadyBegun();
      // Oldest first: the list shows the newest first, so the starters read in the order above.
      for (const [index, picture] of pictures.entries()) {
        const createdAt = new Date(Date.now() - (pictures.length - index) * 1000);
        await tx.insert(galleryImages).values({ fileId: stored[index]!.id, caption: picture.caption, createdAt });
      }
      await recordAudit(tx, {
        actor: null,
        action: 'gallery.starter',
        subjectType: 'gallery-image',
        subjectId: 'starter',
        details: { count: pictures.length },
      });
    });
    ctx.log.info({ pictures: pictures.length }, 'starter gallery added');
  } catch (error) {
    if (!(error instanceof AlreadyBegun)) throw error;
  }
}

class AlreadyBegun extends Error {}

async function galleryBegun(ctx: AppContext, db: Pick<AppContext['db'], 'select'> = ctx.db): Promise<boolean> {
  const [image] = await db.select({ id: galleryImages.id }).from(galleryImages).limit(1);
  if (image) return true;
  const [entry] = await db.select({ id: auditLog.id }).from(auditLog).where(like(auditLog.action, 'gallery.%')).limit(1);
  return Boolean(entry);
}
