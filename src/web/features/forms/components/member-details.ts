import type { User } from '../../../../shared/schemas/users';

/** What the portal already knows of the member, in the words the forms use, so no form asks twice. */
export interface MemberDetails {
  fullName: string;
  firstName: string;
  surname: string;
  email: string;
  phone: string;
  dob: string;
  address: string;
  occupation: string;
  maritalStatus: string;
  country: string;
  /** HM-000123: what the forms call an artist ID or a registration number. */
  memberNumber: string;
}

/** "Ngozi Ada Adeyemi": first name Ngozi, surname Adeyemi (the family name comes last in the sign-up's full name). */
function splitName(fullName: string): { firstName: string; surname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', surname: '' };
  return { firstName: words[0]!, surname: words[words.length - 1]! };
}

export function memberDetails(user: User | null): MemberDetails {
  const fullName = user?.fullName || user?.name || '';
  return {
    fullName,
    ...splitName(fullName),
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    dob: user?.dob ?? '',
    address: user?.address ?? '',
    occupation: user?.occupation ?? '',
    maritalStatus: user?.maritalStatus ?? '',
    country: user?.countryOfOrigin ?? '',
    memberNumber: user?.memberNumber ?? '',
  };
}
