import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateStoredKey, loadKeyRing, rotateKeys } from '@/lib/auth/keys';
import { v4 } from '@/lib/auth/paseto';
import { adoptEnvironment, describeSharedSettings, establishSharedSettings } from '@/lib/instances/shared-settings';
import { db } from '@/lib/platform/db';
import { forgetSharedSecrets, randomSecret } from '@/lib/platform/secrets';
import { sharedSettings } from '@/lib/platform/shared-state/schema';
import { readSharedSetting } from '@/lib/platform/shared-state/store';
import { bankWebhookSecret, mpesaCallbackSecret } from '@/lib/rails/secrets';
import { instanceConfig, temporaryDataDir, useFreshDatabase } from './support';

useFreshDatabase();
const EXTERNAL = 'postgres://collect@db.example:5432/collect';
const folders: { dir: string; remove: () => Promise<void> }[] = [];

let first: string;
let second: string;
beforeAll(async () => {
  folders.push(await temporaryDataDir(), await temporaryDataDir());
  [first, second] = folders.map((folder) => folder.dir) as [string, string];
});
afterAll(async () => {
  await Promise.all(folders.map((folder) => folder.remove()));
});
beforeEach(async () => {
  await db().delete(sharedSettings);
});

/** Starts "an instance" in this process: its own configuration, nothing remembered from the last one. */
async function start(environment: Record<string, string>) {
  forgetSharedSecrets();
  const settings = instanceConfig(environment);
  const shared = await establishSharedSettings(settings);
  return { ...shared, mpesa: await mpesaCallbackSecret(), bank: await bankWebhookSecret(), ring: await loadKeyRing() };
}

const signedBy = (ring: Awaited<ReturnType<typeof loadKeyRing>>) =>
  v4.Sign(ring.signing.key, { sub: 'user', sid: 'session' }, { footer: new TextEncoder().encode(JSON.stringify({ kid: ring.signing.kid })) });

describe('a second instance on the same database', () => {
  it("gets the first one's sandbox mode, secrets and token keys, though its own data folder is empty", async () => {
    const one = await start({ DATA_DIR: first });
    const two = await start({ DATA_DIR: second, DATABASE_URL: EXTERNAL });
    expect(two.sandbox).toBe(true);
    expect(two.mpesa).toBe(one.mpesa);
    expect(two.bank).toBe(one.bank);
    expect(two.portalSessionSecret).toBe(one.portalSessionSecret);
    expect(two.ring.signing.kid).toBe(one.ring.signing.kid);
    const token = await signedBy(one.ring);
    const verifying = two.ring.verifying.get(one.ring.signing.kid)!;
    expect((await v4.Verify(verifying, token)).claims).toMatchObject({ sub: 'user', sid: 'session' });
  });

  it('is refused with a sentence naming MPESA_CALLBACK_SECRET when its value differs', async () => {
    await start({ DATA_DIR: first });
    await expect(start({ DATA_DIR: second, MPESA_CALLBACK_SECRET: randomSecret() })).rejects.toThrow(
      /^MPESA_CALLBACK_SECRET differs from the M-Pesa callback secret that this database holds/,
    );
  });

  it('is refused with a sentence naming PASETO_SECRET_KEY when the first was given keys and it was not', async () => {
    const key = await generateStoredKey();
    const one = await start({ DATA_DIR: first, PASETO_SECRET_KEY: key.secretKey! });
    expect(one.ring.signing.kid).toBe(key.kid);
    expect((await readSharedSetting('token-signing-keys'))!.value).toBeNull();
    await expect(start({ DATA_DIR: second })).rejects.toThrow(/^PASETO_SECRET_KEY is not set, but the other instances on this database were started with it/);
    expect((await start({ DATA_DIR: second, PASETO_SECRET_KEY: key.secretKey! })).ring.signing.kid).toBe(key.kid);
  });
});

describe('upgrading from secrets kept in the data folder', () => {
  it('imports the M-Pesa and bank secrets, the portal secret and keys.json, so URLs, sessions and tokens keep working', async () => {
    const key = await generateStoredKey();
    await writeFile(path.join(first, 'mpesa-callback-secret'), 'registered-with-safaricom-0123456789', { mode: 0o600 });
    await writeFile(path.join(first, 'bank-webhook-secret'), 'given-to-the-bank-0123456789abcdefghij', { mode: 0o600 });
    await writeFile(path.join(first, 'nextauth-secret'), 'sealing-portal-cookies-0123456789abcdef', { mode: 0o600 });
    await writeFile(path.join(first, 'keys.json'), JSON.stringify({ keys: [key] }), { mode: 0o600 });
    const tokenFromBefore = await signedBy({ signing: { kid: key.kid, key: await v4.ImportSecretKey(key.secretKey!) }, verifying: new Map() });

    const upgraded = await start({ DATA_DIR: first });
    expect(upgraded.mpesa).toBe('registered-with-safaricom-0123456789');
    expect(upgraded.bank).toBe('given-to-the-bank-0123456789abcdefghij');
    expect(upgraded.portalSessionSecret).toBe('sealing-portal-cookies-0123456789abcdef');
    expect(upgraded.ring.signing.kid).toBe(key.kid);

    const joining = await start({ DATA_DIR: second, DATABASE_URL: EXTERNAL });
    expect(joining.mpesa).toBe('registered-with-safaricom-0123456789');
    expect((await v4.Verify(joining.ring.verifying.get(key.kid)!, tokenFromBefore)).claims).toMatchObject({ sub: 'user' });
    expect((await describeSharedSettings()).find((row) => row.name === 'mpesa-callback-secret')).toMatchObject({ origin: 'imported', held: 'in the database' });
  });

  it('refuses a keys.json that is not a list of keys, naming the file', async () => {
    await writeFile(path.join(second, 'keys.json'), '{"keys": "none"}');
    await expect(start({ DATA_DIR: second })).rejects.toThrow(`The token keys in ${path.join(second, 'keys.json')} are not a list of PASERK keys with one active signing key.`);
  });
});

describe('token key rotation', () => {
  it('reaches every instance: a new signing key for all, the old one still verifying', async () => {
    const one = await start({ DATA_DIR: first });
    const oldToken = await signedBy(one.ring);
    const rotated = await rotateKeys();
    expect(rotated.retiredKids).toEqual([one.ring.signing.kid]);
    const two = await start({ DATA_DIR: second, DATABASE_URL: EXTERNAL });
    expect(two.ring.signing.kid).toBe(rotated.activeKid);
    expect((await v4.Verify(two.ring.verifying.get(one.ring.signing.kid)!, oldToken)).claims).toMatchObject({ sub: 'user' });
  });
});

describe('settings:adopt', () => {
  it('makes the environment of the command the one every instance must use', async () => {
    await start({ DATA_DIR: first });
    const chosen = randomSecret();
    const result = await adoptEnvironment(instanceConfig({ DATA_DIR: first, SANDBOX: 'false', MPESA_CALLBACK_SECRET: chosen }));
    expect(result.adopted).toEqual(['SANDBOX=false', 'MPESA_CALLBACK_SECRET']);
    expect((await readSharedSetting('mpesa-callback-secret'))!.value).toBeNull();
    await expect(start({ DATA_DIR: second, DATABASE_URL: EXTERNAL })).rejects.toThrow(/^MPESA_CALLBACK_SECRET is not set/);
    const restarted = await start({ DATA_DIR: second, DATABASE_URL: EXTERNAL, MPESA_CALLBACK_SECRET: chosen });
    expect(restarted).toMatchObject({ sandbox: false, mpesa: chosen });
  });
});
