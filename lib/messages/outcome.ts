/** What one attempt to send a message came to. */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string | null; cost: string | null }
  /** Sandbox without a provider for the channel: kept in the outbox, as if sent. */
  | { kind: 'outbox' }
  /** May pass later (a timeout, a 5xx, a balance to top up): the job queue tries again. */
  | { kind: 'retry'; error: string }
  /** Would fail again the same way (an invalid number, a blacklisted one, no provider): not retried on its own. */
  | { kind: 'final'; error: string };
