import { z } from '@hono/zod-openapi';

const Code = z.string().trim().min(6).max(20).openapi({ example: '123456', description: 'The 6-digit code of the authenticator app, or a recovery code.' });

export const MfaCodeRequest = z.object({ code: Code }).openapi('MfaCodeRequest');

export const TotpEnrolment = z
  .object({
    secret: z.string().openapi({ description: 'Base32, for typing into an app that cannot scan the QR code.' }),
    otpauthUrl: z.string().openapi({ description: 'otpauth://totp/… as the QR code encodes it.' }),
    qrCodeSvg: z.string().openapi({ description: 'The QR code as an SVG document.' }),
  })
  .openapi('TotpEnrolment');

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).length(10).openapi({ description: 'Ten one-time codes, shown this once; only hashes are kept.' }) })
  .openapi('RecoveryCodes');

export const MfaStatus = z
  .object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int(), required: z.boolean().openapi({ description: 'The merchant requires two factors.' }) })
  .openapi('MfaStatus');

export const MfaLoginRequest = z
  .object({ mfaToken: z.string().min(1).max(200), code: Code })
  .openapi('MfaLoginRequest');
