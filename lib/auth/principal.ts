import { pool } from '@/lib/platform/db';
import type { Principal } from '@/lib/api/principal';

export type { Principal } from '@/lib/api/principal';

/**
 * One indexed query per request: the session must be live and its holder usable (an active user,
 * or an API key not revoked). Every join is by primary key. A named statement is parsed once per
 * connection, which keeps this close to a bare primary-key read.
 */
const LIVE_SESSION_QUERY = {
  name: 'auth_live_session_v2',
  text: `select coalesce(s.user_id, s.api_key_id) as id, s.api_key_id,
                coalesce(u.merchant_id, k.merchant_id) as merchant_id,
                case when s.user_id is null then k.sub_merchant_id else u.sub_merchant_id end as sub_merchant_id,
                coalesce(u.role, k.role) as role, u.email, u.first_name, u.last_name, k.name as key_name,
                (s.user_id is not null and coalesce(p.require_mfa, false) and t.confirmed_at is null) as must_enrol_mfa
           from sessions s
           left join users u on u.id = s.user_id
           left join api_keys k on k.id = s.api_key_id
           left join merchant_security_policies p on p.merchant_id = u.merchant_id
           left join user_totp t on t.user_id = s.user_id
          where s.id = $1 and coalesce(s.user_id, s.api_key_id) = $2 and s.revoked_at is null and s.expires_at > now()
            and case when s.user_id is null then k.revoked_at is null else u.active end`,
};

export async function loadLivePrincipal(sessionId: string, subject: string): Promise<Principal | undefined> {
  const { rows } = await pool().query({ ...LIVE_SESSION_QUERY, values: [sessionId, subject] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: row.id,
    sessionId,
    merchantId: row.merchant_id,
    subMerchantId: row.sub_merchant_id,
    role: row.role,
    email: row.email ?? '',
    firstName: row.first_name ?? row.key_name,
    lastName: row.last_name ?? '',
    active: true,
    apiKey: row.api_key_id ? { id: row.api_key_id, name: row.key_name } : null,
    mustEnrolMfa: row.must_enrol_mfa,
  };
}

export const currentUserOf = (principal: Principal) => ({
  id: principal.userId,
  email: principal.email,
  firstName: principal.firstName,
  lastName: principal.lastName,
  role: principal.role,
  merchantId: principal.merchantId,
  subMerchantId: principal.subMerchantId,
  active: principal.active,
  kind: principal.apiKey ? ('api_key' as const) : ('user' as const),
  apiKey: principal.apiKey ?? null,
  mfaEnrollmentRequired: principal.mustEnrolMfa ?? false,
});
