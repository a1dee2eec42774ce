import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Reads a phone number as a Nigerian member types it (0803..., +234803..., 234803...)
 * and returns it in E.164, or null when it is not a valid number.
 */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'NG');
  return parsed?.isValid() ? parsed.number : null;
}
