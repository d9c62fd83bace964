import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { config } from '@/lib/platform/config';
import { randomSecret, sharedSecret } from '@/lib/platform/secrets';

/**
 * TOTP secrets are encrypted at rest with AES-256-GCM under MFA_ENCRYPTION_KEY. Unset, the key is
 * generated into the database's shared settings (like the other shared secrets), which still keeps
 * the secrets out of backups of the user tables alone; set it in the environment to keep the key
 * out of the database entirely.
 */
const encryptionKey = async () => {
  const secret = await sharedSecret('mfa-encryption-key', () => ({
    name: 'mfa-encryption-key',
    variable: 'MFA_ENCRYPTION_KEY',
    label: 'the two-factor encryption key',
    given: config().MFA_ENCRYPTION_KEY,
    generate: randomSecret,
  }));
  return createHash('sha256').update(secret).digest();
};

const VERSION = 'v1';

export async function seal(plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export async function open(sealed: string): Promise<string> {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('Not a sealed two-factor secret.');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
