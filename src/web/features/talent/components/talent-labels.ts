import { GENDERS, labelOf } from '../../../../shared/form-options';
import type { TalentMeasurements } from '../../../../shared/schemas/talent';
import { TALENT_CATEGORIES, TALENT_MEASUREMENTS, type TalentMeasurement } from '../../../../shared/talent-options';

export const categoryLabel = (category: string) => labelOf(TALENT_CATEGORIES, category);

/** One measurement as a casting sheet writes it, or undefined when unknown or not shown. */
export function measurementValue(key: TalentMeasurement, m: TalentMeasurements): string | undefined {
  switch (key) {
    case 'height':
      return m.heightCm === undefined ? undefined : `${m.heightCm} cm`;
    case 'weight':
      return m.weight === undefined ? undefined : `${m.weight} kg`;
    case 'chest':
      return m.chest === undefined ? undefined : `${m.chest} cm`;
    case 'age':
      return m.age === undefined ? m.ageBand : `${m.age}`;
    case 'gender':
      return m.gender ? labelOf(GENDERS, m.gender) : undefined;
    default:
      return m[key];
  }
}

const ORDER: TalentMeasurement[] = ['gender', 'age', 'height', 'weight', 'chest', 'hairColor', 'eyeColor', 'state'];

/** The known measurements as label/value pairs, in the order a casting sheet lists them. */
export function measurementFacts(m: TalentMeasurements): { key: TalentMeasurement; label: string; value: string }[] {
  return ORDER.flatMap((key) => {
    const value = measurementValue(key, m);
    return value === undefined ? [] : [{ key, label: labelOf(TALENT_MEASUREMENTS, key), value }];
  });
}
