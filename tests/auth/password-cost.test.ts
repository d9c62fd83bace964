import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { config, parseConfig, setConfig } from '@/lib/platform/config';

// The unit suite hashes at a lower cost (vitest.config.ts); these check that production does not.
const suiteConfig = config();
afterEach(() => setConfig(suiteConfig));

describe('the cost of a stored password', () => {
  it('is scrypt at N=2^15, r=8, p=1 when nothing lowers it', async () => {
    setConfig(parseConfig({ NODE_ENV: 'production' }));
    const stored = await hashPassword('correct-horse-battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-batterz', stored)).toBe(false);
  });

  it('cannot be lowered outside tests: the start stops with a sentence naming PASSWORD_HASH_COST', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST is not valid: below 15 .* tests only/);
    expect(() => parseConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '14' })).toThrow(/PASSWORD_HASH_COST/);
    expect(parseConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '15' }).PASSWORD_HASH_COST).toBe(15);
  });

  it('is read back from each stored hash, so a password hashed at one cost still signs in under another', async () => {
    setConfig(parseConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }));
    const cheap = await hashPassword('correct-horse-battery');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    setConfig(parseConfig({ NODE_ENV: 'production' }));
    expect(await verifyPassword('correct-horse-battery', cheap)).toBe(true);
    expect(await verifyPassword('wrong-horse-battery', cheap)).toBe(false);
  });
});
