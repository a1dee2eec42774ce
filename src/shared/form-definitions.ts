import {
  ARTIST_MEMBERSHIP_FIELDS,
  CAMPING_FIELDS,
  EVENT_FIELDS,
  type FormField,
  MOVIE_PREMIERE_FIELDS,
  SCRIPT_PRINTING_FIELDS,
  WELFARE_FIELDS,
} from './form-fields.js';
import { FAILURE, SUCCESS } from './messages.js';
import type { Option } from './options.js';

/*
 * The six member forms, one entry each: everything the server,
 * the router, the form pages, the dashboard and the staff screens know of a form. An entry's
 * validation is the one thing not here: it is `FORM_SCHEMAS[kind]` in schemas/forms.ts (typed by
 * `FormKind`, so a form without a schema fails typecheck), because this file must not import zod:
 * a form page renders with it before its validation code has arrived (src/web/README.md).
 */

export type FileKind = 'image' | 'document';

export interface FormFile {
  field: string;
  label: string;
  /** image: JPEG, PNG, WebP. document: also PDF. */
  kind: FileKind;
  /** A photo of a person: re-encoded without EXIF before it is stored. */
  photo?: boolean;
  /** One line beside the field: what the upload is for and, for a payment, how much. */
  purpose: string;
}

/** What a page's file input should accept for each kind. */
export const FILE_ACCEPT: Record<FileKind, string> = {
  image: 'image/jpeg,image/png,image/webp',
  document: 'image/jpeg,image/png,image/webp,application/pdf',
};

export const EVENT_FILES = [
  {
    field: 'tellerImage',
    label: 'Teller image',
    kind: 'image',
    purpose: 'The bank teller or transfer receipt of this donation or ticket: the amount you enter in Amount paid.',
  },
  { field: 'passportImage', label: 'Passport image', kind: 'image', photo: true, purpose: 'A recent passport photograph of you, for the event register.' },
  { field: 'signatureImage', label: 'Signature image', kind: 'image', photo: true, purpose: 'A photo of your signature on plain paper.' },
] as const satisfies readonly FormFile[];

const CAMP_AMOUNT = 'paid into the company account; the amount is the one on the camp notice';

export const CAMPING_FILES = [
  { field: 'welfarePayment', label: 'Welfare payment', kind: 'document', purpose: `Receipt of your welfare contribution for the camp, ${CAMP_AMOUNT}.` },
  { field: 'premierePayment', label: 'Premiere payment', kind: 'document', purpose: `Receipt of your premiere ticket for the camp, ${CAMP_AMOUNT}.` },
  { field: 'aerobicPayment', label: 'Aerobic payment', kind: 'document', purpose: `Receipt of the aerobics sessions of the camp, ${CAMP_AMOUNT}.` },
  { field: 'labTest', label: 'Lab test', kind: 'document', purpose: 'A recent medical lab test result.' },
  { field: 'nationalId', label: 'National ID', kind: 'document', purpose: 'Your national ID card or NIN slip.' },
  { field: 'utilityBill', label: 'Utility bill', kind: 'document', purpose: 'A utility bill that shows your address (electricity, water or waste).' },
  { field: 'taxClearance', label: 'Tax clearance', kind: 'document', purpose: 'Your tax clearance certificate.' },
] as const satisfies readonly FormFile[];

export const ARTIST_MEMBERSHIP_FILES = [
  { field: 'passportPicture', label: 'Passport picture', kind: 'image', photo: true, purpose: 'A recent passport photograph with your face clearly visible.' },
  {
    field: 'paymentTeller',
    label: 'Payment teller',
    kind: 'document',
    purpose: 'The teller or transfer receipt of your membership fee.',
  },
] as const satisfies readonly FormFile[];

/** Who may send a form: any signed-in member, or only one whose profile is activated. */
export type FormAccess = 'user' | 'activated';

export interface FormDefinition {
  /** What pages, staff screens and CSV readers call it. */
  label: string;
  /** One short line on the dashboard's card: what the form is for. */
  purpose: string;
  /** The page it is filled in on. */
  page: string;
  /** Where the page posts it; JSON forms send JSON, forms with files multipart/form-data. */
  endpoint: string;
  encoding: 'json' | 'multipart';
  /** Other spellings of the path the first client used (moviePremiereForm, ...), answered the same. */
  aliases: readonly string[];
  /** Its text fields in order (form-fields.ts): what the schema, the page, the staff detail and the CSV read. */
  fields: readonly FormField[];
  files: readonly FormFile[];
  /** The event form needs only a signed-in member; the others an activated one. */
  access: FormAccess;
  /** The server's answer, and the page's fallback when it gives none. */
  success: string;
  /** The page's fallback when a failure comes without a message. */
  failure: string;
}

/** Keyed by the stored name of a form (the `form` column of a submission), in the dashboard's order. */
const definitions = {
  'artist-membership': {
    label: 'Artist Membership Form',
    purpose: 'Join the artist register as a movie, music or model artist: your details, measurements and experience, for casting.',
    page: '/artistmembershipform',
    endpoint: '/api/users/artistmembershipform',
    encoding: 'multipart',
    aliases: ['/api/artist-membership'],
    fields: ARTIST_MEMBERSHIP_FIELDS,
    files: ARTIST_MEMBERSHIP_FILES,
    access: 'activated',
    success: SUCCESS.artistMembershipSubmitted,
    failure: FAILURE.membershipForm,
  },
  'script-printing': {
    label: 'Script Printing Form',
    purpose: 'Order printing: business cards, brochures, flyers, posters or a custom job.',
    page: '/scriptprintingform',
    endpoint: '/api/users/scriptprintingform',
    encoding: 'json',
    aliases: [],
    fields: SCRIPT_PRINTING_FIELDS,
    files: [],
    access: 'activated',
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  welfare: {
    label: 'Welfare Form',
    purpose: 'Ask the welfare desk for financial, health, food, housing or education support.',
    page: '/welfareform',
    endpoint: '/api/users/welfareform',
    encoding: 'json',
    aliases: [],
    fields: WELFARE_FIELDS,
    files: [],
    access: 'activated',
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  camping: {
    label: 'Camping Form',
    purpose: 'Register for camp with your payment receipts and the documents the camp asks for.',
    page: '/campingform',
    endpoint: '/api/users/campingform',
    encoding: 'multipart',
    aliases: [],
    fields: CAMPING_FIELDS,
    files: CAMPING_FILES,
    access: 'activated',
    success: SUCCESS.formSubmitted,
    failure: FAILURE.campingForm,
  },
  event: {
    label: 'Event Form',
    purpose: 'Donate to a visitation or buy a ticket for a company event, with your payment teller.',
    page: '/eventform',
    endpoint: '/api/users/eventform',
    encoding: 'multipart',
    aliases: [],
    fields: EVENT_FIELDS,
    files: EVENT_FILES,
    access: 'user',
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  'movie-premiere': {
    label: 'Movie Premiere Form',
    purpose: 'Book your seat at one of our movie premieres.',
    page: '/moviepremiereform',
    endpoint: '/api/users/moviepremiereform',
    encoding: 'json',
    aliases: ['/api/users/moviePremiereForm'],
    fields: MOVIE_PREMIERE_FIELDS,
    files: [],
    access: 'activated',
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
} satisfies Record<string, FormDefinition>;

/** A form's stored name. */
export type FormKind = keyof typeof definitions;

export const FORM_DEFINITIONS: Record<FormKind, FormDefinition> = definitions;

/** The forms as an option list (staff filters, labels of stored rows), in the table's order. */
export const FORM_KINDS = (Object.keys(FORM_DEFINITIONS) as FormKind[]).map((value) => ({
  value,
  label: FORM_DEFINITIONS[value].label,
})) satisfies Option<FormKind>[];
