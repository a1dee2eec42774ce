/** Option lists shared by the pages (select options) and the server (validation). */
export interface Option<T extends string = string> {
  value: T;
  label: string;
}

export const MARITAL_STATUSES = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
  { value: 'separated', label: 'Separated' },
] as const satisfies readonly Option[];

export const INDUSTRIES = [
  { value: 'movie', label: 'Movie' },
  { value: 'music', label: 'Music' },
  { value: 'model', label: 'Modelling' },
  { value: 'crew', label: 'Crew' },
  { value: 'business', label: 'Business' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const NIGERIA = 'Nigeria';

export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT (Abuja)',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const CONTACT_FEEDBACK = [
  { value: 'general', label: 'General' },
  { value: 'support', label: 'Support' },
  { value: 'feedback', label: 'Feedback' },
] as const satisfies readonly Option[];

export function valuesOf<T extends string>(options: readonly Option<T>[]): [T, ...T[]] {
  return options.map((o) => o.value) as [T, ...T[]];
}
