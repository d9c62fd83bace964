import { asc } from 'drizzle-orm';
import { establishTokenKeys, tokenKeySpecs } from '@/lib/auth/keys';
import type { AppConfig } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { establishSharedSecret, portalSessionSecretSpec } from '@/lib/platform/secrets';
import { fingerprintOf } from '@/lib/platform/shared-state/fingerprint';
import { adoptSandboxMode, resolveSandboxMode } from '@/lib/platform/shared-state/sandbox';
import { sharedSettings } from '@/lib/platform/shared-state/schema';
import { replaceSharedSetting } from '@/lib/platform/shared-state/store';
import { establishRailSecrets, railSecretSpecs } from '@/lib/rails/secrets';

/**
 * What instances on one database must agree on, settled before a process serves anything: the
 * sandbox mode, the rail secrets, the portal's session secret and the token signing keys. A
 * disagreement refuses the start with a SharedSettingConflict naming the variable.
 * See docs/architecture.md, "Several instances on one database".
 */
export async function establishSharedSettings(settings: AppConfig): Promise<{ sandbox: boolean; portalSessionSecret: string }> {
  const sandbox = await resolveSandboxMode(settings);
  const [portalSessionSecret] = await Promise.all([
    establishSharedSecret(portalSessionSecretSpec(settings)),
    establishRailSecrets(),
    establishTokenKeys(),
  ]);
  return { sandbox, portalSessionSecret };
}

/**
 * `settings:adopt`: the operator makes this environment's SANDBOX and secrets the ones every instance
 * must use (secrets as fingerprints only). Instances started before keep their values until restarted.
 */
export async function adoptEnvironment(settings: AppConfig): Promise<{ adopted: string[] }> {
  const adopted: string[] = [];
  if (settings.SANDBOX !== undefined) {
    await adoptSandboxMode(settings.SANDBOX);
    adopted.push(`SANDBOX=${settings.SANDBOX}`);
  }
  for (const spec of [portalSessionSecretSpec(settings), ...railSecretSpecs(), ...tokenKeySpecs()]) {
    if (spec.given === undefined) continue;
    await replaceSharedSetting(spec.name, { fingerprint: await fingerprintOf(spec.given) }, 'adopted');
    adopted.push(spec.variable);
  }
  return { adopted };
}

/** `settings:show`: names and origins, never a value. */
export async function describeSharedSettings() {
  const rows = await db().select().from(sharedSettings).orderBy(asc(sharedSettings.name));
  return rows.map((row) => ({
    name: row.name,
    origin: row.origin,
    held: row.value !== null ? 'in the database' : 'in the environment (fingerprint only)',
    ...(row.name === 'sandbox' ? { value: row.value } : {}),
    updatedAt: row.updatedAt,
  }));
}
