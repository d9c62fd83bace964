import { PublicProtocol } from 'paseto';
import {
  ExportPublicKeyFactory,
  ExportSecretKeyFactory,
  GenerateKeyPairFactory,
  GetPublicKeyFactory,
  ImportPublicKeyFactory,
  ImportSecretKeyFactory,
  SignFactory,
  VerifyFactory,
} from 'paseto/v4/public';

/** PASETO v4.public (Ed25519) with PASERK key import and export. */
export const v4 = new PublicProtocol(
  SignFactory,
  VerifyFactory,
  GenerateKeyPairFactory,
  GetPublicKeyFactory,
  ImportSecretKeyFactory,
  ExportSecretKeyFactory,
  ImportPublicKeyFactory,
  ExportPublicKeyFactory,
);

export type SecretKey = Awaited<ReturnType<typeof v4.ImportSecretKey>>;
export type PublicKey = Awaited<ReturnType<typeof v4.ImportPublicKey>>;
