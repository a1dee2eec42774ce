import {
  DISCOVERY_SOURCES,
  DOCUMENT_KINDS,
  DONATION_EVENTS,
  GENDERS,
  MOVIE_ROLES,
  PAPER_SIZES,
  PRINT_COLORS,
  REGISTRATION_CATEGORIES,
  ROLE_TYPES,
  SHOWTIMES,
  WELFARE_BENEFITS,
  YES_NO,
} from './form-options.js';
import { FAILURE, SUCCESS } from './messages.js';
import { FORM_ROUTES, type FormKind, type FormRoute } from './form-routes.js';
import { MARITAL_STATUSES, type Option } from './options.js';

/*
 * The six member forms, one entry each: everything the server, the form pages, the dashboard and
 * the staff screens know of a form (the router and the guards read only its name, page and access,
 * form-routes.ts, which each entry starts from). An entry's validation is the one thing not here: it is `FORM_SCHEMAS[kind]` in schemas/forms.ts (typed by
 * `FormKind`, so a form without a schema fails typecheck), because this file must not import zod:
 * a form page renders with it before its validation code has arrived (src/web/README.md).
 */

/*
 * The text fields of the six member forms, described once: the schema (schemas/forms.ts) names
 * each field by its label in its messages and checks its options, the form page shows its prompt
 * and options, and the staff detail and the CSV export list the fields in this order under these
 * labels. A form's files are described below them.
 */

export type FieldKind = 'text' | 'long-text' | 'email' | 'phone' | 'date' | 'number' | 'choice' | 'list' | 'checkbox';

export interface FormField {
  /** The key the page posts and the submission stores. */
  name: string;
  /** How the server's messages, the staff detail and readers of the CSV name it. */
  label: string;
  /** The page's words beside the input, where they differ from the label (a question, a unit, a mark). */
  prompt?: string;
  kind: FieldKind;
  /** The stored keys and their labels; for a free-text field, what the page offers to pick from. */
  options?: readonly Option[];
  /** The form is refused without it (schemas/forms.test.ts holds the schema to this). */
  required: boolean;
}

/** What the page shows beside a field. */
export const promptOf = (field: FormField): string => field.prompt ?? field.label;

/** A form's fields by name, so a page reaches each by its key and typecheck catches a misspelt one. */
export function fieldsByName<const L extends readonly FormField[]>(fields: L): { [F in L[number] as F['name']]: F } {
  return Object.fromEntries(fields.map((field) => [field.name, field])) as { [F in L[number] as F['name']]: F };
}

export const SCRIPT_PRINTING_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'phone', label: 'Phone', kind: 'phone', required: true },
  { name: 'documentType', label: 'Document type', kind: 'choice', options: DOCUMENT_KINDS, required: true },
  // Left blank, one copy.
  { name: 'quantity', label: 'Quantity', kind: 'number', required: false },
  { name: 'paperSize', label: 'Paper size', kind: 'choice', options: PAPER_SIZES, required: true },
  { name: 'color', label: 'Color', kind: 'choice', options: PRINT_COLORS, required: true },
  { name: 'comments', label: 'Comments', prompt: 'Comments (optional)', kind: 'long-text', required: false },
] as const satisfies readonly FormField[];

export const WELFARE_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'dob', label: 'Date of birth', kind: 'date', required: true },
  { name: 'address', label: 'Address', kind: 'text', required: true },
  { name: 'phone', label: 'Phone', kind: 'phone', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'benefits', label: 'Benefits', kind: 'choice', options: WELFARE_BENEFITS, required: true },
  { name: 'comments', label: 'Comments', prompt: 'Comments (optional)', kind: 'long-text', required: false },
] as const satisfies readonly FormField[];

export const MOVIE_PREMIERE_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'contact', label: 'Contact', kind: 'phone', required: true },
  // The open premieres are the server's list, not a fixed one.
  { name: 'movie', label: 'Movie', kind: 'text', required: true },
  { name: 'showtime', label: 'Showtime', kind: 'choice', options: SHOWTIMES, required: true },
  { name: 'requests', label: 'Requests', prompt: 'Requests (optional)', kind: 'long-text', required: false },
] as const satisfies readonly FormField[];

export const EVENT_FIELDS = [
  { name: 'surname', label: 'Surname', kind: 'text', required: true },
  { name: 'firstName', label: 'First name', kind: 'text', required: true },
  { name: 'registrationNumber', label: 'Registration number', kind: 'text', required: true },
  { name: 'companyId', label: 'Company ID', kind: 'text', required: true },
  { name: 'selectedEvent', label: 'Selected event', prompt: 'Event', kind: 'choice', options: DONATION_EVENTS, required: true },
  { name: 'amountPaid', label: 'Amount paid', prompt: 'Amount paid (₦)', kind: 'number', required: true },
  { name: 'paymentDate', label: 'Payment date', kind: 'date', required: true },
] as const satisfies readonly FormField[];

export const CAMPING_FIELDS = [{ name: 'artistId', label: 'Artist ID', kind: 'text', required: true }] as const satisfies readonly FormField[];

/** The page marks its required fields with "*"; the labels of the messages do not. */
export const ARTIST_MEMBERSHIP_FIELDS = [
  // Left unchosen, Movie.
  { name: 'registrationCategory', label: 'Registration category', kind: 'choice', options: REGISTRATION_CATEGORIES, required: false },
  { name: 'surname', label: 'Surname', kind: 'text', required: false },
  { name: 'firstName', label: 'First name', kind: 'text', required: false },
  { name: 'lastName', label: 'Last name', kind: 'text', required: false },
  { name: 'motherName', label: "Mother's name", kind: 'text', required: false },
  { name: 'nationality', label: 'Nationality', kind: 'text', required: false },
  { name: 'gender', label: 'Gender', kind: 'choice', options: GENDERS, required: false },
  { name: 'dateOfBirth', label: 'Date of birth', prompt: 'Date of birth *', kind: 'date', required: true },
  { name: 'religion', label: 'Religion', kind: 'text', required: false },
  { name: 'tribe', label: 'Tribe', kind: 'text', required: false },
  { name: 'educationLevel', label: 'Education level', kind: 'text', required: false },
  { name: 'graduationYear', label: 'Graduation year', kind: 'number', required: false },
  { name: 'occupation', label: 'Occupation', kind: 'text', required: false },
  // Free text (the profile's status, or an older answer); the page offers the profile's list.
  { name: 'maritalStatus', label: 'Marital status', kind: 'text', options: MARITAL_STATUSES, required: false },
  { name: 'stateOfResidence', label: 'State of residence', kind: 'text', required: false },
  { name: 'cityOfResidence', label: 'City of residence', kind: 'text', required: false },
  { name: 'callNumber1', label: 'Call number', kind: 'phone', required: false },
  { name: 'whatsappNumber', label: 'WhatsApp number', kind: 'phone', required: false },
  { name: 'email', label: 'Email', kind: 'email', required: false },
  { name: 'address', label: 'Address', kind: 'text', required: false },
  { name: 'landmark', label: 'Landmark', kind: 'text', required: false },
  { name: 'lga', label: 'LGA', kind: 'text', required: false },
  { name: 'nationalId', label: 'National ID', prompt: 'National ID number', kind: 'text', required: false },
  { name: 'taxNumber', label: 'Tax number', kind: 'text', required: false },
  {
    name: 'howDidYouKnow',
    label: 'How did you know about us',
    prompt: 'How did you know about us?',
    kind: 'list',
    options: DISCOVERY_SOURCES,
    required: false,
  },
  { name: 'heightFt', label: 'Height (ft)', prompt: 'Height (ft) *', kind: 'number', required: true },
  { name: 'heightInch', label: 'Height (inch)', prompt: 'Height (inch) *', kind: 'number', required: true },
  { name: 'weight', label: 'Weight', prompt: 'Weight (kg) *', kind: 'number', required: true },
  { name: 'chest', label: 'Chest', prompt: 'Chest (cm) *', kind: 'number', required: true },
  { name: 'hairColor', label: 'Hair color', prompt: 'Hair color *', kind: 'text', required: true },
  { name: 'eyeColor', label: 'Eye color', prompt: 'Eye color *', kind: 'text', required: true },
  { name: 'inProduction', label: 'In production', prompt: 'Are you in a production?', kind: 'choice', options: YES_NO, required: false },
  { name: 'productionHouseName', label: 'Production house name', kind: 'text', required: false },
  { name: 'position', label: 'Position', kind: 'text', required: false },
  { name: 'joinedYear', label: 'Joined year', prompt: 'Date joined', kind: 'date', required: false },
  { name: 'producerName', label: 'Producer name', kind: 'text', required: false },
  { name: 'producerContact', label: 'Producer contact', kind: 'phone', required: false },
  { name: 'producerEmail', label: 'Producer email', kind: 'email', required: false },
  { name: 'productionState', label: 'Production state', kind: 'text', required: false },
  { name: 'productionAddress', label: 'Production address', kind: 'text', required: false },
  { name: 'productionLandmark', label: 'Production landmark', kind: 'text', required: false },
  { name: 'movieYear', label: 'Movie year', prompt: 'Movie date', kind: 'date', required: false },
  { name: 'movieRole', label: 'Movie role', kind: 'choice', options: MOVIE_ROLES, required: false },
  { name: 'movieName', label: 'Movie name', kind: 'text', required: false },
  { name: 'actedYear', label: 'Acted year', prompt: 'Date acted', kind: 'date', required: false },
  { name: 'directorName', label: 'Director name', kind: 'text', required: false },
  { name: 'castName', label: 'Cast name', kind: 'text', required: false },
  { name: 'hasId', label: 'Has ID', prompt: 'Do you have an ID card?', kind: 'choice', options: YES_NO, required: false },
  { name: 'lastVisited', label: 'Last visited', kind: 'date', required: false },
  { name: 'leaveReasons', label: 'Leave reasons', prompt: 'Why did you leave your last production?', kind: 'long-text', required: false },
  { name: 'membershipReasons', label: 'Membership reasons', prompt: 'Why do you want to become a member?', kind: 'long-text', required: false },
  { name: 'roleType', label: 'Role type', kind: 'choice', options: ROLE_TYPES, required: false },
  // The spec says the terms box is not enforced; it is recorded as given.
  { name: 'termsAccepted', label: 'Terms accepted', prompt: 'I accept the terms and conditions of membership', kind: 'checkbox', required: false },
] as const satisfies readonly FormField[];

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

export interface FormDefinition extends FormRoute {
  /** One short line on the dashboard's card: what the form is for. */
  purpose: string;
  /** Where the page posts it; JSON forms send JSON, forms with files multipart/form-data. */
  endpoint: string;
  encoding: 'json' | 'multipart';
  /** Other spellings of the path the first client used (moviePremiereForm, ...), answered the same. */
  aliases: readonly string[];
  /** Its text fields in order (described above): what the schema, the page, the staff detail and the CSV read. */
  fields: readonly FormField[];
  files: readonly FormFile[];
  /** The server's answer, and the page's fallback when it gives none. */
  success: string;
  /** The page's fallback when a failure comes without a message. */
  failure: string;
}

/** Each form of FORM_ROUTES (form-routes.ts), whole. */
export const FORM_DEFINITIONS: Record<FormKind, FormDefinition> = {
  'artist-membership': {
    ...FORM_ROUTES['artist-membership'],
    purpose: 'Join the artist register as a movie, music or model artist: your details, measurements and experience, for casting.',
    endpoint: '/api/users/artistmembershipform',
    encoding: 'multipart',
    aliases: ['/api/artist-membership'],
    fields: ARTIST_MEMBERSHIP_FIELDS,
    files: ARTIST_MEMBERSHIP_FILES,
    success: SUCCESS.artistMembershipSubmitted,
    failure: FAILURE.membershipForm,
  },
  'script-printing': {
    ...FORM_ROUTES['script-printing'],
    purpose: 'Order printing: business cards, brochures, flyers, posters or a custom job.',
    endpoint: '/api/users/scriptprintingform',
    encoding: 'json',
    aliases: [],
    fields: SCRIPT_PRINTING_FIELDS,
    files: [],
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  welfare: {
    ...FORM_ROUTES['welfare'],
    purpose: 'Ask the welfare desk for financial, health, food, housing or education support.',
    endpoint: '/api/users/welfareform',
    encoding: 'json',
    aliases: [],
    fields: WELFARE_FIELDS,
    files: [],
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  camping: {
    ...FORM_ROUTES['camping'],
    purpose: 'Register for camp with your payment receipts and the documents the camp asks for.',
    endpoint: '/api/users/campingform',
    encoding: 'multipart',
    aliases: [],
    fields: CAMPING_FIELDS,
    files: CAMPING_FILES,
    success: SUCCESS.formSubmitted,
    failure: FAILURE.campingForm,
  },
  event: {
    ...FORM_ROUTES['event'],
    purpose: 'Donate to a visitation or buy a ticket for a company event, with your payment teller.',
    endpoint: '/api/users/eventform',
    encoding: 'multipart',
    aliases: [],
    fields: EVENT_FIELDS,
    files: EVENT_FILES,
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
  'movie-premiere': {
    ...FORM_ROUTES['movie-premiere'],
    purpose: 'Book your seat at one of our movie premieres.',
    endpoint: '/api/users/moviepremiereform',
    encoding: 'json',
    aliases: ['/api/users/moviePremiereForm'],
    fields: MOVIE_PREMIERE_FIELDS,
    files: [],
    success: SUCCESS.formSubmitted,
    failure: FAILURE.form,
  },
};
