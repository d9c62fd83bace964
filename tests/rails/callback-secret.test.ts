import { describe, expect, it } from 'vitest';
import { urlSafeForDaraja } from '@/lib/rails/secrets';

describe('the generated M-Pesa callback secret', () => {
  it('never spells a word Safaricom refuses in a callback URL, drawing again until it does not', () => {
    const drawn = ['abcSqLdefghijklmnopqrstuvwxyz0123', 'xxEXExxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'mpesa_aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'QUERYbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'clean_secret_of_thirty_two_chars_'];
    let draws = 0;
    expect(urlSafeForDaraja(() => drawn[draws++]!)).toBe('clean_secret_of_thirty_two_chars_');
    expect(draws).toBe(5);
  });

  it('is random and URL-safe', () => {
    const secrets = Array.from({ length: 500 }, () => urlSafeForDaraja());
    expect(new Set(secrets).size).toBe(500);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(secret).not.toMatch(/m-?pesa|safaricom|exe|cmd|sql|query/i);
    }
  });
});
