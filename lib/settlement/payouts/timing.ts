/**
 * The payout jobs' names and clocks, apart from their code so that dispatch (called inside the
 * settlement's transaction) and the task list import no rail client.
 */
export const SIMULATE_PAYOUT_TASK = 'settlement.payout.simulate';
/** The sandbox pays a settlement this long after it was created (the issue asks for within 10 s). */
export const SIMULATED_PAYOUT_MS = 2_000;
export const SEND_DARAJA_PAYOUT_TASK = 'settlement.payout.daraja';
/**
 * A sent M-Pesa payout whose Result has not come is asked about (Transaction Status) this many
 * minutes after it was sent, then at 5·n² minutes (20, 45, 80 …): see sweep.ts.
 */
export const PAYOUT_STATUS_AFTER_MINUTES = 5;
/**
 * M-Pesa saying it has no such transaction is believed only this long after the payout was sent:
 * before that the request may still be in its queue, and failing it would let the money be paid twice.
 */
export const PAYOUT_UNKNOWN_FAILS_AFTER_MINUTES = 60;
