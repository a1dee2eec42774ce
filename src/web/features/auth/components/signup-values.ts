import type { SignupInput } from '../../../../shared/schemas/users';

/** The sign-up form's values: the checkboxes start unticked. */
export type SignupValues = Omit<SignupInput, 'acceptTerms' | 'acceptMarketing'> & { acceptTerms: boolean; acceptMarketing: boolean };
