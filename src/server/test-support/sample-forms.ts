/** A welfare form a member fills in correctly; `overrides` change or add fields. */
export const welfareFields = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Chioma Okafor',
  dob: '1990-02-03',
  address: '12 Admiralty Way, Lekki',
  phone: '+2348031234567',
  email: 'chioma@example.com',
  benefits: 'healthcare',
  ...overrides,
});
