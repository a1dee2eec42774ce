import { z } from 'zod';
import { requiredText } from './fields.js';

/** The highest monthly price staff may set: 1,000,000 naira (12 months of it still fit a payment's amount). */
export const MAX_PLAN_PRICE_KOBO = 1_000_000_00;
export const MAX_PLAN_PERKS = 10;

/** A membership plan as the services page, the fee wizard and the console show it. */
export interface Plan {
  id: string;
  name: string;
  priceKobo: number;
  perks: string[];
}

export const planParams = z.object({ id: z.string().max(40) });

export const updatePlanSchema = z.object({
  name: requiredText('Plan name', 60),
  priceKobo: z
    .number({ error: 'Monthly price must be a number' })
    .int({ error: 'Monthly price must be a whole number of kobo' })
    .positive({ error: 'Monthly price must be more than 0' })
    .max(MAX_PLAN_PRICE_KOBO, { error: 'Monthly price must be at most ₦1,000,000' }),
  perks: z
    .array(requiredText('Each perk', 160), { error: 'Perks must be a list' })
    .max(MAX_PLAN_PERKS, { error: `A plan lists at most ${MAX_PLAN_PERKS} perks` }),
});
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;
