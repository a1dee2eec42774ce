/**
 * What the web app's server entry (`src/web/entry-server.tsx`, built to `dist/ssr/`) hands the
 * server for a public page: the page's HTML, its status, what goes in `<head>`, and the data it
 * was drawn with, which the browser takes over when React hydrates the page.
 */
export interface RenderedPage {
  /** 404 for an unknown path or a record that is not there (a talent profile no longer listed). */
  status: 200 | 404;
  html: string;
  head: PageHead;
  /** TanStack Query's dehydrated state: JSON-safe. */
  data: unknown;
  /** Drawn for the signed-in member (a member page), not for every visitor: the browser knows who is signed in while it hydrates. */
  signedIn: boolean;
}

export interface PageHead {
  title: string;
  description: string;
  /** A path on this site (`/api/talent/.../photos/...`); the server makes it absolute. */
  image?: string;
  /** Open Graph type. */
  type: 'website' | 'profile';
}

/** The entry's exports, as the server loads them. */
export interface PageRenderer {
  /**
   * The page for this path and query string, drawn for a visitor; with `forMember`, a member page
   * drawn on the server (`shared/member-pages.ts`), its calls made with the member's cookie. Null
   * for a page the browser draws.
   */
  renderPage(url: string, options?: { forMember?: boolean; seeds?: DrawnSeeds }): Promise<RenderedPage | null>;
  /** Where the pages' API calls go on the server: the portal itself, never over the network. */
  sendRequestsThrough(send: typeof fetch): void;
}

/**
 * What the server knows of a member page's drawing beyond the API's answers (`lib/drawn-seeds.ts`
 * reads each once): a member form drawn to work before its code (decision 023).
 */
export interface DrawnSeeds {
  /** A form page: the hidden fields its plain post carries, as the page's code sends them in headers. */
  formPost?: { csrfToken: string; idempotencyKey: string };
  /** A form page drawn again after its plain post was refused: what was sent, the refusal, and each field's message. */
  formReturn?: { values: Record<string, string | string[]>; message: string; errors: Record<string, string> };
  /** The dashboard after a form's plain post was taken: what the page's code would have toasted. */
  flash?: string;
}

/** The hidden fields of a member form's plain post (a browser without the page's code). */
export const FORM_POST_FIELDS = { csrfToken: '_csrf', idempotencyKey: '_key' } as const;

/**
 * The localStorage key of the signed-in user's copy the browser keeps (`web/lib/session.ts`): the
 * script that starts a drawn page's code reads it to know a member's device before any code runs.
 */
export const SIGNED_IN_COPY_KEY = 'user';

/** The id of the `<script type="application/json">` carrying `RenderedPage.data` to the browser. */
export const PAGE_DATA_ID = 'page-data';
