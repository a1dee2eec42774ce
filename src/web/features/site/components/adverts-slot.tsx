/**
 * Where the Advertisements strip goes on the landing and about pages. Intentionally empty: the
 * ads feature (another engineer) renders the approved adverts here.
 */
export function AdvertsSlot() {
  return null;
}
