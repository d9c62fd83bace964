import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The code the test's own authenticator app shows, for the current step or one before. */
export const codeFor = (secret: string, stepsBack = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - stepsBack * 30_000 });

/**
 * The code to enrol with: the previous step's, so that the current one stays unused for the sign-in
 * that follows (a code is refused when used twice). The service takes it only until the step turns;
 * with less than 10 s of this step left, a loaded machine can carry the click past the turn, when
 * that code is two steps old and refused. So then it waits for the next step first.
 */
export async function enrolmentCode(page: Page, secret: string): Promise<string> {
  const leftOfStep = 30_000 - (Date.now() % 30_000);
  if (leftOfStep < 10_000) await page.waitForTimeout(leftOfStep + 250);
  return codeFor(secret, 1);
}
