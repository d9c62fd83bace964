import { config } from '@/lib/platform/config';

type Release = () => void;

interface Waiter {
  endpointId: string;
  grant: (release: Release | null) => void;
}

/** In flight to an endpoint whose last attempt here failed: a dead receiver (15 s timeouts) holds this many worker slots at most. */
export const FAILING_ENDPOINT_CAP = 2;

/**
 * In-flight webhook requests of this process: at most `perEndpoint` to one endpoint (2 while its
 * last attempt failed) and `total` in all. A job finding no room waits a moment (a fast receiver
 * frees a slot within milliseconds); if none frees within `maxWaitMs` it gets null and is put back
 * in the queue, so a slow or dead receiver holds its few slots and nothing more, and other
 * merchants go on.
 */
export class InFlightLimiter {
  private readonly byEndpoint = new Map<string, number>();
  private readonly failing = new Set<string>();
  private inFlight = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly perEndpoint: number,
    readonly total: number,
    readonly maxWaitMs = 250,
  ) {}

  private capOf(endpointId: string): number {
    return this.failing.has(endpointId) ? Math.min(FAILING_ENDPOINT_CAP, this.perEndpoint) : this.perEndpoint;
  }

  private hasRoom(endpointId: string): boolean {
    return (this.byEndpoint.get(endpointId) ?? 0) < this.capOf(endpointId) && this.inFlight < this.total;
  }

  /** What the last attempt to the endpoint did: a failure narrows its cap until a success. */
  noteOutcome(endpointId: string, succeeded: boolean): void {
    if (succeeded) {
      if (this.failing.delete(endpointId)) this.wakeNext();
    } else this.failing.add(endpointId);
  }

  private take(endpointId: string): Release {
    this.byEndpoint.set(endpointId, (this.byEndpoint.get(endpointId) ?? 0) + 1);
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
      if (left === 0) this.byEndpoint.delete(endpointId);
      else this.byEndpoint.set(endpointId, left);
      this.wakeNext();
    };
  }

  private wakeNext(): void {
    for (;;) {
      const index = this.waiters.findIndex((waiter) => this.hasRoom(waiter.endpointId));
      if (index === -1) return;
      const [waiter] = this.waiters.splice(index, 1);
      waiter!.grant(this.take(waiter!.endpointId));
    }
  }

  /** A slot now, without waiting, or null. */
  tryAcquire(endpointId: string): Release | null {
    return this.hasRoom(endpointId) ? this.take(endpointId) : null;
  }

  /** A slot within maxWaitMs, or null. */
  acquire(endpointId: string): Promise<Release | null> {
    const now = this.tryAcquire(endpointId);
    if (now || this.maxWaitMs <= 0) return Promise.resolve(now);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        endpointId,
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        resolve(null);
      }, this.maxWaitMs);
      this.waiters.push(waiter);
    });
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
