import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomSecret } from '@/lib/platform/secrets';
import { readSharedSetting, resolveSharedSecret, SharedSettingConflict, type SharedSecretSpec } from '@/lib/platform/shared-state/store';
import { separateConnection, temporaryDataDir, useFreshDatabase } from './support';

const database = useFreshDatabase();

/** A secret of its own per test: the store is generic, so each test can start from "never seen". */
function secretSpec(overrides: Partial<SharedSecretSpec> = {}): SharedSecretSpec {
  return { name: `test-${randomUUID()}`, variable: 'TEST_SECRET', label: 'the test secret', given: undefined, generate: randomSecret, ...overrides };
}

describe('a shared secret', () => {
  it('is the same for eight instances starting at once on a database that has none', async () => {
    const spec = secretSpec();
    const instances = Array.from({ length: 8 }, () => separateConnection(database.url()));
    try {
      const values = await Promise.all(instances.map(({ database: connection }) => resolveSharedSecret({ ...spec, generate: randomSecret }, connection)));
      expect(new Set(values).size).toBe(1);
      expect((await readSharedSetting(spec.name))).toMatchObject({ value: values[0], origin: 'generated', fingerprint: null });
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('comes from the environment when given there, and only its fingerprint is written to the database', async () => {
    const given = randomSecret();
    const spec = secretSpec({ given });
    expect(await resolveSharedSecret(spec)).toBe(given);
    const row = await readSharedSetting(spec.name);
    expect(row).toMatchObject({ value: null, origin: 'environment' });
    expect(row!.fingerprint).toMatch(/^scrypt\$/);
    expect(row!.fingerprint).not.toContain(given);
    // Another instance given the same value agrees.
    expect(await resolveSharedSecret({ ...spec, given })).toBe(given);
  });

  it('refuses an instance without the variable when the others were started with it, naming the variable', async () => {
    const spec = secretSpec({ given: randomSecret() });
    await resolveSharedSecret(spec);
    const refusal = resolveSharedSecret({ ...spec, given: undefined });
    await expect(refusal).rejects.toBeInstanceOf(SharedSettingConflict);
    await expect(refusal).rejects.toThrow('TEST_SECRET is not set, but the other instances on this database were started with it');
  });

  it('refuses an instance whose environment gives another value, naming the variable and how to change it', async () => {
    const spec = secretSpec({ given: randomSecret() });
    await resolveSharedSecret(spec);
    await expect(resolveSharedSecret({ ...spec, given: randomSecret() })).rejects.toThrow(
      /^TEST_SECRET differs from the TEST_SECRET the other instances on this database were started with: .*settings:adopt/,
    );
  });

  it('lets the environment repeat the value the database holds, and refuses any other', async () => {
    const spec = secretSpec();
    const stored = await resolveSharedSecret(spec);
    expect(await resolveSharedSecret({ ...spec, given: stored })).toBe(stored);
    await expect(resolveSharedSecret({ ...spec, given: randomSecret() })).rejects.toThrow(/^TEST_SECRET differs from the test secret that this database holds/);
    expect((await readSharedSetting(spec.name))!.value).toBe(stored);
  });

  it('is imported from the data folder of an earlier version, so registered URLs keep working', async () => {
    const folder = await temporaryDataDir();
    try {
      const legacyFile = path.join(folder.dir, 'legacy-secret');
      await writeFile(legacyFile, 'kept-from-the-old-data-folder-1234\n', { mode: 0o600 });
      const spec = secretSpec({ legacyFile });
      expect(await resolveSharedSecret(spec)).toBe('kept-from-the-old-data-folder-1234');
      expect(await readSharedSetting(spec.name)).toMatchObject({ origin: 'imported', value: 'kept-from-the-old-data-folder-1234' });
      // A second instance with a data folder of its own (no such file) gets the imported value.
      expect(await resolveSharedSecret({ ...spec, legacyFile: path.join(folder.dir, 'absent') })).toBe('kept-from-the-old-data-folder-1234');
    } finally {
      await folder.remove();
    }
  });

  it('prefers the database to an old file once the database holds a value', async () => {
    const folder = await temporaryDataDir();
    try {
      const spec = secretSpec();
      const stored = await resolveSharedSecret(spec);
      const legacyFile = path.join(folder.dir, 'legacy-secret');
      await writeFile(legacyFile, 'an-older-value-from-another-folder-99');
      expect(await resolveSharedSecret({ ...spec, legacyFile })).toBe(stored);
    } finally {
      await folder.remove();
    }
  });
});
