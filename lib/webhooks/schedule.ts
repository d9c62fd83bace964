/**
 * When to try a failed delivery again, and when to give up: pure functions of the attempt, its
 * answer and the time, so the whole schedule is unit-tested without waiting days.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Waits after the 1st, 2nd, … failed attempt: about 3 days in all (Standard Webhooks' usual curve). */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];
/** The first attempt and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;
/** A receiver asking for more than this in Retry-After gets this. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;
/** An endpoint with no success for this long is deactivated. */
export const FAILING_DEACTIVATION_MS = 5 * DAY;

export interface AttemptAnswer {
  /** HTTP status, or null when none came (refused address, timeout, connection error). */
  status: number | null;
  retryAfter?: string | null;
}

export type NextStep =
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  | { kind: 'give_up' }
  /** 410 Gone: the receiver says the endpoint no longer exists. */
  | { kind: 'endpoint_gone' };

export const succeeded = (answer: AttemptAnswer) => answer.status !== null && answer.status >= 200 && answer.status < 300;

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * SECOND;
  // An HTTP date names its month ("Sun, 01 Mar 2026 12:10:00 GMT"); Date.parse alone would read "-5" as a year.
  if (!/[A-Za-z]{3}/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/**
 * The step after attempt number `attempt` (1 for the first of its round) that ended at `at`.
 * `random` is in [0, 1): the ±10% jitter spreads a burst of retries instead of re-sending it at once.
 */
export function nextStep(attempt: number, answer: AttemptAnswer, at: Date, random: () => number = Math.random): NextStep {
  if (succeeded(answer)) return { kind: 'delivered' };
  if (answer.status === 410) return { kind: 'endpoint_gone' };
  if (attempt >= MAX_ATTEMPTS) return { kind: 'give_up' };
  if (answer.status === 429 || answer.status === 503) {
    const asked = retryAfterMs(answer.retryAfter, at);
    if (asked !== null) return { kind: 'retry', at: new Date(at.getTime() + Math.min(Math.max(asked, SECOND), MAX_RETRY_AFTER_MS)) };
  }
  const base = RETRY_DELAYS_MS[attempt - 1]!;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  return { kind: 'retry', at: new Date(at.getTime() + jittered) };
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be deactivated at `now`. */
export const failingTooLong = (failingSince: Date | null, now: Date) =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= FAILING_DEACTIVATION_MS;

/**
 * A job that found its endpoint at capacity (and no slot freed while it waited) comes back after
 * about a second, then a little later each time it is turned back, up to about 30 s.
 */
export function deferralDelayMs(deferrals: number, random: () => number = Math.random): number {
  const base = Math.min(500 * 2 ** deferrals, 30 * SECOND);
  return Math.round(base * (0.5 + random()));
}
