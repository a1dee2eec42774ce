import { FORM_KINDS, FORM_ROUTES, type FormKind } from './form-routes.js';

/**
 * Member pages the server sends with the signed-in member's data (issue 31): the shell as before,
 * plus the answers of the calls the page makes when it first shows, in a JSON block the browser
 * never runs (`MEMBER_DATA_ID`), and a preload of the page's code. The page's first reads are
 * answered from the block, so it shows after one round trip for the HTML and one for its code,
 * not after the waterfall of code, then the session, then each section's call.
 *
 * `module` is the page's source file under src/web (the build's manifest names its chunks);
 * `data` the GET calls its first drawing makes. A call left out is still made by the page (the
 * journey `member-pages-fast.spec.ts` counts the page's API calls: none before it shows).
 */
export interface MemberPage {
  module: string;
  data: string[];
  /**
   * Drawn on the server with the member's data (`entry-server.tsx`), so its content shows as soon
   * as the HTML and its stylesheets have arrived, before any code. The forms of `FORMS_DRAWN` are
   * drawn too and post as plain forms until their code takes over (decision 023); the others need
   * their code for their files (made smaller before the upload).
   */
  drawnOnServer?: true;
}

/** The member forms drawn on the server, which work before their code (decision 023). */
export const FORMS_DRAWN: readonly FormKind[] = ['script-printing', 'welfare', 'movie-premiere'];

/** What every member page reads: who is signed in, the company's details (menu, footer), unread counts (menu). */
const SHELL_DATA = ['/api/users/profile', '/api/site', '/api/notifications/unread'];

const FORM_MODULES: Record<string, string> = {
  'artist-membership': 'features/forms/components/artist-membership-form-page.tsx',
  'script-printing': 'features/forms/components/script-printing-form-page.tsx',
  welfare: 'features/forms/components/welfare-form-page.tsx',
  camping: 'features/forms/components/camping-form-page.tsx',
  event: 'features/forms/components/event-form-page.tsx',
  'movie-premiere': 'features/forms/components/movie-premiere-form-page.tsx',
};

export const MEMBER_PAGES: Record<string, MemberPage> = {
  '/profile': {
    module: 'app/pages/dashboard.tsx',
    drawnOnServer: true,
    data: [
      ...SHELL_DATA,
      '/api/users/ledger',
      '/api/users/membership',
      '/api/users/welcome',
      '/api/users/card',
      '/api/users/submissions',
      '/api/talent/me/requests',
    ],
  },
  ...Object.fromEntries(
    FORM_KINDS.map(({ value }) => [
      FORM_ROUTES[value].page,
      { module: FORM_MODULES[value]!, data: SHELL_DATA, ...(FORMS_DRAWN.includes(value) && { drawnOnServer: true as const }) },
    ]),
  ),
};

/** The shell's own parts the layout loads on every page (menu, footer): preloaded with the page. */
export const SHELL_MODULES = ['app/navbar.tsx', 'app/footer.tsx'];

/** The id of the `<script type="application/json">` carrying a member page's first answers: `{ [url]: body }`. */
export const MEMBER_DATA_ID = 'member-data';
