import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { TokenPair } from '../schemas';
import { MfaCodeRequest, MfaLoginRequest, MfaStatus, RecoveryCodes, TotpEnrolment } from './schemas';

const tags = ['Authentication'];

export const mfaRoutes = {
  status: createRoute({
    method: 'get',
    path: '/auth/mfa',
    tags,
    summary: 'Your two-factor status',
    security: bearerSecurity,
    responses: { 200: jsonResponse(MfaStatus, 'Status.'), ...problems(401, 403) },
  }),
  start: createRoute({
    method: 'post',
    path: '/auth/mfa/totp',
    tags,
    summary: 'Start two-factor enrolment (TOTP)',
    description: 'A new secret and its QR code. Not in force until confirmed with a code. Starting again replaces an unconfirmed secret.',
    security: bearerSecurity,
    responses: { 200: jsonResponse(TotpEnrolment, 'The secret to add to an authenticator app.'), ...problems(401, 403, 409) },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/auth/mfa/totp/confirm',
    tags,
    summary: 'Finish enrolment with a code from the app',
    description: 'Answers the ten recovery codes, this once.',
    security: bearerSecurity,
    request: { body: jsonBody(MfaCodeRequest) },
    responses: { 200: jsonResponse(RecoveryCodes, 'Two factors are on.'), ...problems(400, 401, 403, 409, 415, 422) },
  }),
  disable: createRoute({
    method: 'post',
    path: '/auth/mfa/totp/disable',
    tags,
    summary: 'Turn two factors off with a current code or a recovery code',
    security: bearerSecurity,
    request: { body: jsonBody(MfaCodeRequest) },
    responses: { 204: { description: 'Two factors are off.' }, ...problems(400, 401, 403, 409, 415, 422) },
  }),
  login: createRoute({
    method: 'post',
    path: '/auth/login/mfa',
    tags,
    summary: 'Second step of a sign-in: the mfaToken and a code',
    description:
      'After /auth/login answered 401 `mfa_required` with an `mfaToken` (valid 5 minutes, used once). Wrong codes answer 401 `invalid_mfa_code` and count as failed sign-ins (429 after 5 within 15 minutes).',
    request: { body: jsonBody(MfaLoginRequest) },
    responses: { 200: jsonResponse(TokenPair, 'Signed in.'), ...problems(400, 401, 403, 415, 422, 429) },
  }),
};
