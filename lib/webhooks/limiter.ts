import { config } from '@/lib/platform/config';

/**
 * In-flight webhook requests of this process: at most `perEndpoint` to one endpoint and `total`
 * in all. A job that finds no room is put back in the queue for a moment rather than waiting
 * in a worker slot, so a slow receiver holds a few slots at most and other merchants go on.
 */
export class InFlightLimiter {
  private readonly byEndpoint = new Map<string, number>();
  private inFlight = 0;

  constructor(
    readonly perEndpoint: number,
    readonly total: number,
  ) {}

  /** A release function when there is room, else null. */
  tryAcquire(endpointId: string): (() => void) | null {
    const current = this.byEndpoint.get(endpointId) ?? 0;
    if (current >= this.perEndpoint || this.inFlight >= this.total) return null;
    this.byEndpoint.set(endpointId, current + 1);
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
      if (left === 0) this.byEndpoint.delete(endpointId);
      else this.byEndpoint.set(endpointId, left);
    };
  }

  inFlightTo(endpointId: string): number {
    return this.byEndpoint.get(endpointId) ?? 0;
  }
}

const shared = globalThis as unknown as { __collectWebhookLimiter?: InFlightLimiter };

export function processLimiter(): InFlightLimiter {
  shared.__collectWebhookLimiter ??= new InFlightLimiter(config().WEBHOOK_ENDPOINT_CONCURRENCY, config().WEBHOOK_CONCURRENCY);
  return shared.__collectWebhookLimiter;
}
