/** The sandbox's graphile-worker task answering a reversal as the rail would, and how soon. */
export const SIMULATE_REVERSAL_TASK = 'reversals.simulate';
export const SIMULATED_REVERSAL_MS = 2_000;
