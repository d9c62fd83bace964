import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from './config';
import { resolveSharedSecret, type SharedSecretSpec } from './shared-state/store';

// On globalThis: Next loads this module a second time, and both copies must hold the same secrets.
const globalSecrets = globalThis as unknown as { __collectSharedSecrets?: Map<string, Promise<string>> };
const known = (globalSecrets.__collectSharedSecrets ??= new Map());

/** 256 random bits, URL-safe (the M-Pesa secret travels in a query string). */
export const randomSecret = () => randomBytes(32).toString('base64url');

function remember(name: string, secret: Promise<string>): Promise<string> {
  known.set(name, secret);
  secret.catch(() => known.delete(name));
  return secret;
}

/**
 * At start: the secret every instance on the database agrees on, checked against the database even
 * when the environment gives it (a differing value refuses the start), and kept for this process.
 */
export const establishSharedSecret = (spec: SharedSecretSpec) => remember(spec.name, resolveSharedSecret(spec));

/**
 * On the hot path (rail handlers ask on every request): the value established at start, from memory.
 * Outside the server (tests, CLI, benchmarks) it is resolved from the database on first use.
 */
export function sharedSecret(name: string, spec: () => SharedSecretSpec): Promise<string> {
  return known.get(name) ?? remember(name, resolveSharedSecret(spec()));
}

/** Tests start "another instance" in the same process. */
export function forgetSharedSecrets(): void {
  known.clear();
}

/** The portal's session-cookie key (next-auth): portal sessions must open on every instance. */
export const portalSessionSecretSpec = (settings: AppConfig): SharedSecretSpec => ({
  name: 'nextauth-secret',
  variable: 'NEXTAUTH_SECRET',
  label: "the portal's session secret",
  given: settings.NEXTAUTH_SECRET,
  legacyFile: path.join(settings.dataDir, 'nextauth-secret'),
  generate: randomSecret,
});
