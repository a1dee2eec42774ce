import { z } from 'zod';
import { requiredText } from './fields.js';

export const MEMBER_LEVELS = [1, 2, 3, 4, 5] as const;

export const memberLevelSchema = z.object({
  level: z
    .number({ error: 'Level must be a number from 1 to 5' })
    .int({ error: 'Level must be a whole number from 1 to 5' })
    .min(1, { error: 'Level must be from 1 to 5' })
    .max(5, { error: 'Level must be from 1 to 5' }),
});

export const awardAchievementSchema = z.object({
  title: requiredText('Title', 120),
  description: requiredText('Description', 1000),
});
export type AwardAchievementInput = z.input<typeof awardAchievementSchema>;

export const WELCOME_TEXT_MAX = 1000;

export const welcomeTextSchema = z.object({ text: requiredText('Welcome text', WELCOME_TEXT_MAX) });
