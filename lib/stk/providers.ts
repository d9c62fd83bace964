import { ApiError } from '@/lib/api/errors';
import { config, sandboxEnabled } from '@/lib/platform/config';
import { darajaProvider } from './daraja';
import type { StkProvider } from './provider';
import type { StkRow } from './serialize';
import { simulatorProvider } from './simulator';

export type ProviderName = StkRow['provider'];

const providers: Record<ProviderName, StkProvider> = { DARAJA: darajaProvider, SIMULATOR: simulatorProvider };

/** A prompt is always followed up with the provider that sent it, whatever the configuration says now. */
export const providerFor = (name: ProviderName) => providers[name];

/**
 * STK_PROVIDER when set (the configuration checks it); otherwise the simulator in the sandbox,
 * and Daraja when all its variables are there.
 */
export function configuredProvider(settings = config()): ProviderName {
  if (settings.STK_PROVIDER) return settings.STK_PROVIDER === 'daraja' ? 'DARAJA' : 'SIMULATOR';
  if (sandboxEnabled(settings)) return 'SIMULATOR';
  const { DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_SHORTCODE, DARAJA_PASSKEY, PUBLIC_URL } = settings;
  if (DARAJA_CONSUMER_KEY && DARAJA_CONSUMER_SECRET && DARAJA_SHORTCODE && DARAJA_PASSKEY && PUBLIC_URL) return 'DARAJA';
  throw new ApiError(
    503,
    'stk_not_configured',
    'Phone prompts unavailable',
    'Phone prompts are not set up on this deployment; customers can still pay through the paybill.',
  );
}
