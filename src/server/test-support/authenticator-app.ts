import { generate } from 'otplib';

/** The code the authenticator app shows `stepsAhead` 30-second steps from now. */
export const appCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/**
 * The code of the step before this one, to enable two-factor sign-in with (so the sign-in's own
 * code, this step's, is not a code used twice). The server takes it for one step of drift only
 * until the next step begins, and the password's check before it takes a second or two on a busy
 * machine: in the last 5 seconds of a step this waits for the next one first.
 */
export async function enablingCode(secret: string): Promise<string> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 25) await new Promise((resolve) => setTimeout(resolve, (30 - intoStep) * 1000 + 50));
  return appCode(secret, -1);
}
