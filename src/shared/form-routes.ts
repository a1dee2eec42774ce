import type { Option } from './options.js';

/** Who may send a form: any signed-in member, or only one whose profile is activated. */
export type FormAccess = 'user' | 'activated';

export interface FormRoute {
  /** What pages, staff screens and CSV readers call it. */
  label: string;
  /** The page it is filled in on. */
  page: string;
  /** The event form needs only a signed-in member; the others an activated one. */
  access: FormAccess;
}

/**
 * The six member forms as the router, the guards and the member pages know them: a form's name,
 * page and who may use it. The rest of a form (fields, files, texts) is in form-definitions.ts,
 * which builds on this: the first page's code carries these few lines, not every form's fields.
 * Keyed by the stored name of a form (the `form` column of a submission), in the dashboard's order.
 */
const routes = {
  'artist-membership': { label: 'Artist Membership Form', page: '/artistmembershipform', access: 'activated' },
  'script-printing': { label: 'Script Printing Form', page: '/scriptprintingform', access: 'activated' },
  welfare: { label: 'Welfare Form', page: '/welfareform', access: 'activated' },
  camping: { label: 'Camping Form', page: '/campingform', access: 'activated' },
  event: { label: 'Event Form', page: '/eventform', access: 'user' },
  'movie-premiere': { label: 'Movie Premiere Form', page: '/moviepremiereform', access: 'activated' },
} satisfies Record<string, FormRoute>;

/** A form's stored name. */
export type FormKind = keyof typeof routes;

export const FORM_ROUTES: Record<FormKind, FormRoute> = routes;

/** The forms as an option list (staff filters, labels of stored rows), in the table's order. */
export const FORM_KINDS = (Object.keys(FORM_ROUTES) as FormKind[]).map((value) => ({
  value,
  label: FORM_ROUTES[value].label,
})) satisfies Option<FormKind>[];
