import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig as parseVariables } from '@/lib/platform/config';
import { configuredProvider } from '@/lib/stk/providers';

const parseConfig = (variables: Record<string, string>) => parseVariables({ NODE_ENV: 'test', ...variables });

const daraja = {
  DARAJA_CONSUMER_KEY: 'key',
  DARAJA_CONSUMER_SECRET: 'secret',
  DARAJA_SHORTCODE: '174379',
  DARAJA_PASSKEY: 'passkey',
  PUBLIC_URL: 'https://collect.example',
};

describe('phone prompt configuration', () => {
  it('stops the start with a sentence per missing variable when STK_PROVIDER=daraja', () => {
    expect(() => parseConfig({ STK_PROVIDER: 'daraja', DARAJA_CONSUMER_KEY: 'key' })).toThrow(ConfigError);
    try {
      parseConfig({ STK_PROVIDER: 'daraja', DARAJA_CONSUMER_KEY: 'key' });
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines).toEqual([
        'Environment variable DARAJA_CONSUMER_SECRET is not valid: must be set when STK_PROVIDER is daraja.',
        'Environment variable DARAJA_SHORTCODE is not valid: must be set when STK_PROVIDER is daraja.',
        'Environment variable DARAJA_PASSKEY is not valid: must be set when STK_PROVIDER is daraja.',
        'Environment variable PUBLIC_URL is not valid: must be set when STK_PROVIDER is daraja.',
      ]);
    }
    expect(parseConfig({ STK_PROVIDER: 'daraja', ...daraja }).DARAJA_BASE_URL).toBe('https://sandbox.safaricom.co.ke');
  });

  it('refuses the simulator outside the sandbox: it would credit money that never moved', () => {
    expect(() => parseConfig({ STK_PROVIDER: 'simulator', SANDBOX: 'false' })).toThrow(/STK_PROVIDER is not valid/);
    expect(() => parseConfig({ STK_PROVIDER: 'simulator', DATABASE_URL: 'postgres://db.example/collect' })).toThrow(ConfigError);
    expect(parseConfig({ STK_PROVIDER: 'simulator', SANDBOX: 'true' }).STK_PROVIDER).toBe('simulator');
  });

  it('picks the simulator in the sandbox, Daraja when it is fully configured, and none otherwise', () => {
    expect(configuredProvider(parseConfig({}))).toBe('SIMULATOR');
    expect(configuredProvider(parseConfig({ SANDBOX: 'false', ...daraja }))).toBe('DARAJA');
    expect(() => configuredProvider(parseConfig({ SANDBOX: 'false' }))).toThrow(/not set up on this deployment/);
  });
});
