import type { FormKind } from './form-options.js';

/*
 * What a page and the server need to know of each member form apart from its validation: the
 * files it carries and where and how it is posted. Kept apart from the zod schemas
 * (schemas/forms.ts) so a form page can render before the validation code has arrived.
 */

export type FileKind = 'image' | 'document';

export interface FormFile {
  field: string;
  label: string;
  /** image: JPEG, PNG, WebP. document: also PDF. */
  kind: FileKind;
  /** A photo of a person: re-encoded without EXIF before it is stored. */
  photo?: boolean;
}

/** What a page's file input should accept for each kind. */
export const FILE_ACCEPT: Record<FileKind, string> = {
  image: 'image/jpeg,image/png,image/webp',
  document: 'image/jpeg,image/png,image/webp,application/pdf',
};

export const EVENT_FILES = [
  { field: 'tellerImage', label: 'Teller image', kind: 'image' },
  { field: 'passportImage', label: 'Passport image', kind: 'image', photo: true },
  { field: 'signatureImage', label: 'Signature image', kind: 'image', photo: true },
] as const satisfies readonly FormFile[];

export const CAMPING_FILES = [
  { field: 'welfarePayment', label: 'Welfare payment', kind: 'document' },
  { field: 'premierePayment', label: 'Premiere payment', kind: 'document' },
  { field: 'aerobicPayment', label: 'Aerobic payment', kind: 'document' },
  { field: 'labTest', label: 'Lab test', kind: 'document' },
  { field: 'nationalId', label: 'National ID', kind: 'document' },
  { field: 'utilityBill', label: 'Utility bill', kind: 'document' },
  { field: 'taxClearance', label: 'Tax clearance', kind: 'document' },
] as const satisfies readonly FormFile[];

export const ARTIST_MEMBERSHIP_FILES = [
  { field: 'passportPicture', label: 'Passport picture', kind: 'image', photo: true },
  { field: 'paymentTeller', label: 'Payment teller', kind: 'document' },
] as const satisfies readonly FormFile[];

export interface FormDefinition {
  files: readonly FormFile[];
  /** Where the page posts it; JSON forms send JSON, forms with files multipart/form-data. */
  endpoint: string;
  encoding: 'json' | 'multipart';
  /** The page it is filled in on. */
  page: string;
}

/** Every form's files and address, by its stored name: one place for pages, routes, staff screens and CSV. */
export const FORM_DEFINITIONS: Record<FormKind, FormDefinition> = {
  'artist-membership': { files: ARTIST_MEMBERSHIP_FILES, endpoint: '/api/users/artistmembershipform', encoding: 'multipart', page: '/artistmembershipform' },
  'script-printing': { files: [], endpoint: '/api/users/scriptprintingform', encoding: 'json', page: '/scriptprintingform' },
  welfare: { files: [], endpoint: '/api/users/welfareform', encoding: 'json', page: '/welfareform' },
  camping: { files: CAMPING_FILES, endpoint: '/api/users/campingform', encoding: 'multipart', page: '/campingform' },
  event: { files: EVENT_FILES, endpoint: '/api/users/eventform', encoding: 'multipart', page: '/eventform' },
  'movie-premiere': { files: [], endpoint: '/api/users/moviepremiereform', encoding: 'json', page: '/moviepremiereform' },
};
