import { config, sandboxEnabled } from '@/lib/platform/config';

/**
 * Who sends phone prompts on this deployment, from the configuration alone (no provider code, so
 * the portal's payer page can ask it): STK_PROVIDER when set; otherwise the simulator in the
 * sandbox, and Daraja when all its variables are there; else nobody (null).
 */
export function chosenProvider(settings = config()): 'DARAJA' | 'SIMULATOR' | null {
  if (settings.STK_PROVIDER) return settings.STK_PROVIDER === 'daraja' ? 'DARAJA' : 'SIMULATOR';
  if (sandboxEnabled(settings)) return 'SIMULATOR';
  const { DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_SHORTCODE, DARAJA_PASSKEY, PUBLIC_URL } = settings;
  if (DARAJA_CONSUMER_KEY && DARAJA_CONSUMER_SECRET && DARAJA_SHORTCODE && DARAJA_PASSKEY && PUBLIC_URL) return 'DARAJA';
  return null;
}
