import { describe, expect, it } from 'vitest';
import { FORM_DEFINITIONS } from '../form-definitions.js';
import { FORM_KINDS } from '../form-routes.js';
import { FORM_SCHEMAS } from './forms.js';

/* A form's fields are described once (form-definitions.ts); its schema must be the form described there. */
describe.each(FORM_KINDS.map((kind) => kind.value))('the %s schema follows its description', (form) => {
  const fields = FORM_DEFINITIONS[form].fields;
  const schema = FORM_SCHEMAS[form];

  it('checks the described fields, in the described order', () => {
    expect(Object.keys(schema.shape)).toEqual(fields.map((field) => field.name));
  });

  it('refuses an empty form for exactly the required fields, naming each by its label', () => {
    const result = schema.safeParse({});
    const refused = new Map((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
    const required = fields.filter((field) => field.required);
    expect([...refused.keys()].sort()).toEqual(required.map((field) => field.name).sort());
    for (const field of required) {
      expect([`${field.label} is required`, `${field.label} must be one of the listed options`]).toContain(refused.get(field.name));
    }
  });

  it('accepts only the described options of a choice', () => {
    for (const field of fields.filter((f) => f.kind === 'choice' || f.kind === 'list')) {
      const other = schema.shape[field.name]!.safeParse('not-an-option');
      expect(other.success, field.name).toBe(false);
      const first = field.options![0]!.value;
      expect(schema.shape[field.name]!.safeParse(field.kind === 'list' ? [first] : first).success, field.name).toBe(true);
    }
  });
});
