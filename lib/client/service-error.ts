/** A problem+json answer from the service, as a typed error the portal can show or branch on. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: { path: string; message: string }[],
    readonly retryAfter?: number,
    /** The whole problem body, for routes whose problems carry more (payer_link_closed's `closed`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(detail ?? title);
    this.name = 'ServiceError';
  }

  /** Field errors keyed by field path, the shape a form's `errors` state wants. */
  fieldErrors(): Record<string, string[]> {
    const byField: Record<string, string[]> = {};
    for (const { path, message } of this.errors ?? []) (byField[path] ??= []).push(message);
    return byField;
  }
}
