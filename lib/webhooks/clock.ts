/** Where delivery code reads the time, so that tests can move it by days without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests of retries and deactivation. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): Date; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      return new Date(current);
    },
    set(at) {
      current = at.getTime();
    },
  };
}
