import { ApiError } from '@/lib/api/errors';
import { config } from '@/lib/platform/config';
import { chosenProvider } from './provider-choice';
import { darajaProvider } from './daraja';
import type { StkProvider } from './provider';
import type { StkRow } from './serialize';
import { simulatorProvider } from './simulator';

export type ProviderName = StkRow['provider'];

const providers: Record<ProviderName, StkProvider> = { DARAJA: darajaProvider, SIMULATOR: simulatorProvider };

/** A prompt is always followed up with the provider that sent it, whatever the configuration says now. */
export const providerFor = (name: ProviderName) => providers[name];

/** The provider chosen by the configuration (provider-choice.ts); 503 when there is none. */
export function configuredProvider(settings = config()): ProviderName {
  const chosen = chosenProvider(settings);
  if (chosen) return chosen;
  throw new ApiError(
    503,
    'stk_not_configured',
    'Phone prompts unavailable',
    'Phone prompts are not set up on this deployment; customers can still pay through the paybill.',
  );
}
