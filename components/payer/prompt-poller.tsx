'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const EVERY_MS = 2_000;

/**
 * With JavaScript, the status page asks the service's status link every two seconds and redraws
 * itself once the prompt is answered (without it, a meta refresh reloads the page instead).
 */
export function PromptPoller({ statusUrl }: { statusUrl: string }) {
  const router = useRouter();
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(statusUrl, { cache: 'no-store' });
        if (!response.ok) return;
        const { status } = (await response.json()) as { status?: string };
        if (!stopped && status && status !== 'PENDING') {
          stopped = true;
          clearInterval(timer);
          router.refresh();
        }
      } catch {
        // A lost request is asked again at the next tick.
      }
    }, EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [router, statusUrl]);
  return null;
}
