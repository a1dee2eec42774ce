import escapeHtml from 'escape-html';
import type { MailMessage } from './outbox.js';

/**
 * Every mail the portal sends: a subject that says what it is, a plain-text body, and a simple
 * HTML body with the company's name. User-supplied text is escaped in the HTML.
 */
export interface MailBrand {
  companyName: string;
  /** Where the portal is reached, without a trailing slash: every link in mail starts with it. */
  publicUrl: string;
  /** The company's own address: the Reply-To of mail that asks for an answer. */
  replyTo: string;
  /** The company's address as staff or the environment set it, for "write to us at"; unset, left out. */
  supportEmail: string | null;
}

export interface Body {
  greeting: string;
  paragraphs: string[];
  /** Shown large and on its own line, e.g. a reference. */
  highlight?: string;
  /** A code, shown like a highlight; the mail is marked sensitive so its body is not kept once delivered. */
  code?: string;
  /** The mail asks the reader to answer it: replies go to the company's address, not the sender's no-reply one. */
  invitesReply?: boolean;
}

export function compose(brand: MailBrand, to: string, subject: string, body: Body): MailMessage {
  const highlight = body.code ?? body.highlight;
  const lines = [body.greeting, '', ...body.paragraphs.flatMap((p, i) => (i === 0 && highlight ? [p, '', `    ${highlight}`, ''] : [p, '']))];
  const text = [...lines, `— ${brand.companyName}`, brand.publicUrl].join('\n');
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937;max-width:560px">',
    `<h2 style="color:#b45309">${escapeHtml(brand.companyName)}</h2>`,
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p, i) =>
      i === 0 && highlight
        ? `<p>${escapeHtml(p)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(highlight)}</p>`
        : `<p>${escapeHtml(p)}</p>`,
    ),
    `<p style="color:#6b7280">${escapeHtml(brand.companyName)}</p>`,
    '</div>',
  ].join('');
  return {
    to,
    subject: `${subject} — ${brand.companyName}`,
    text,
    html,
    sensitive: body.code !== undefined,
    ...(body.invitesReply ? { replyTo: brand.replyTo } : {}),
  };
}

export const hello = (name: string) => `Hello ${name},`;

/** Text typed by staff as a sentence of a mail: ends with one full stop, whether or not they typed one. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** An absolute link to one of the portal's pages. */
export const link = (brand: MailBrand, path: string) => `${brand.publicUrl}${path}`;

export const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;
