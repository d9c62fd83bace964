import { beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { adoptSandboxMode, resolveSandboxMode } from '@/lib/platform/shared-state/sandbox';
import { sharedSettings } from '@/lib/platform/shared-state/schema';
import { readSharedSetting } from '@/lib/platform/shared-state/store';
import { instanceConfig, separateConnection, useFreshDatabase } from './support';

const database = useFreshDatabase();
const EXTERNAL = 'postgres://collect@db.example:5432/collect';

/** An instance with the embedded database (its own data folder), or one given DATABASE_URL. */
const embedded = (environment: Record<string, string> = {}) => instanceConfig({ DATA_DIR: '/tmp/collect-first', ...environment });
const external = (environment: Record<string, string> = {}) => instanceConfig({ DATA_DIR: '/tmp/collect-second', DATABASE_URL: EXTERNAL, ...environment });

beforeEach(async () => {
  await db().delete(sharedSettings); // every test is about a database's first start
});

describe('the sandbox mode of a database', () => {
  it('is recorded by the first start (on with the embedded database) and followed by an instance whose own default is off', async () => {
    expect(await resolveSandboxMode(embedded())).toBe(true);
    expect(await readSharedSetting('sandbox')).toMatchObject({ value: 'true', origin: 'default' });
    expect(await resolveSandboxMode(external())).toBe(true);
  });

  it('is off when the first start had DATABASE_URL, and an embedded instance joining later follows it', async () => {
    expect(await resolveSandboxMode(external())).toBe(false);
    expect(await resolveSandboxMode(embedded())).toBe(false);
  });

  it('comes from SANDBOX at the first start when set', async () => {
    expect(await resolveSandboxMode(external({ SANDBOX: 'true' }))).toBe(true);
    expect(await readSharedSetting('sandbox')).toMatchObject({ value: 'true', origin: 'environment' });
  });

  it('is the same for instances with different defaults starting at once', async () => {
    const instances = Array.from({ length: 6 }, () => separateConnection(database.url()));
    try {
      const settings: AppConfig[] = instances.map((_, index) => (index % 2 ? external() : embedded()));
      const modes = await Promise.all(instances.map((instance, index) => resolveSandboxMode(settings[index]!, instance.database)));
      expect(new Set(modes).size).toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('refuses a start whose SANDBOX disagrees, with a sentence naming SANDBOX and the deliberate way to change it', async () => {
    await resolveSandboxMode(embedded());
    await expect(resolveSandboxMode(external({ SANDBOX: 'false' }))).rejects.toThrow(
      'SANDBOX=false disagrees with this database, which is in sandbox mode (simulated payments) since its first start. ' +
        'Unset SANDBOX to follow the database, or change the mode for every instance on purpose with `SANDBOX=false npm run cli -- settings:adopt` and restart them all.',
    );
    expect((await readSharedSetting('sandbox'))!.value).toBe('true');
  });

  it('changes only on purpose: after settings:adopt every instance follows the new mode', async () => {
    await resolveSandboxMode(embedded());
    await adoptSandboxMode(false);
    expect(await resolveSandboxMode(external({ SANDBOX: 'false' }))).toBe(false);
    expect(await resolveSandboxMode(embedded())).toBe(false);
    expect(await readSharedSetting('sandbox')).toMatchObject({ value: 'false', origin: 'adopted' });
  });

  it('refuses the phone-prompt simulator on a database that is not in sandbox mode', async () => {
    await resolveSandboxMode(external());
    await expect(resolveSandboxMode(embedded({ STK_PROVIDER: 'simulator' }))).rejects.toThrow(/^STK_PROVIDER=simulator needs the sandbox/);
  });
});
