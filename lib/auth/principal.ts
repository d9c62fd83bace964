import { pool } from '@/lib/platform/db';
import { isPlatformRole, type OperatorPrincipal, type Principal } from '@/lib/api/principal';

export type { Principal } from '@/lib/api/principal';

/** An operator's live session (a user with no merchant and a platform role, docs/operator.md). */
export interface LiveOperator {
  operator: OperatorPrincipal;
  /** Operators must enrol in two factors before anything else (migration 0026 sets the flag). */
  mustEnrolMfa: boolean;
}
export type LiveHolder = Principal | LiveOperator;
export const isLiveOperator = (holder: LiveHolder): holder is LiveOperator => 'operator' in holder;

/**
 * One indexed query per request: the session must be live and its holder usable (an active user,
 * or an API key not revoked). Every join is by primary key. A named statement is parsed once per
 * connection, which keeps this close to a bare primary-key read. Read on every request, never
 * cached: a logout, a disabled user, a revoked key or a new MFA policy holds from the next request,
 * on every instance.
 *
 * A session is either a user's or an API key's, for good (both ids are set when it is made and
 * never changed). Its first request reads it with the query that covers both kinds; later ones use
 * the query of its kind, a table narrower for a user and three for a key (issue 24: the five-table
 * join cost PostgreSQL ~70 µs a request against ~52, and node-postgres ~15 µs more to read).
 * Whether the holder must enrol in two factors first is read from the user's row: triggers keep
 * the merchant's policy and the user's TOTP state there (migration 0024), and the user's fields are
 * copied onto each live session of theirs (migration 0033), so a user's check is one primary-key
 * read of sessions, and a new policy still holds from the next request.
 */
const ANY_SESSION_QUERY = {
  name: 'auth_live_session_v3',
  text: `select coalesce(s.user_id, s.api_key_id) as id, s.api_key_id,
                coalesce(u.merchant_id, k.merchant_id) as merchant_id,
                case when s.user_id is null then k.sub_merchant_id else u.sub_merchant_id end as sub_merchant_id,
                coalesce(u.role, k.role) as role, u.email, u.first_name, u.last_name, k.name as key_name,
                (s.user_id is not null and u.merchant_requires_mfa and not u.totp_confirmed) as must_enrol_mfa
           from sessions s
           left join users u on u.id = s.user_id
           left join api_keys k on k.id = s.api_key_id
          where s.id = $1 and coalesce(s.user_id, s.api_key_id) = $2 and s.revoked_at is null and s.expires_at > now()
            and case when s.user_id is null then k.revoked_at is null else u.active end`,
};

/**
 * The same conditions as above for a user's session, read from the session's row alone: triggers
 * keep the user's fields there (migration 0033), so a disabled user, a new role or a new MFA policy
 * still holds from the next request, and PostgreSQL reads one row of one table (issue 24).
 */
const USER_SESSION_QUERY = {
  name: 'auth_user_session_v3',
  text: `select user_merchant_id as merchant_id, user_sub_merchant_id as sub_merchant_id, user_role as role,
                user_email as email, user_first_name as first_name, user_last_name as last_name,
                user_must_enrol_mfa as must_enrol_mfa
           from sessions
          where id = $1 and user_id = $2 and revoked_at is null and expires_at > now() and user_active`,
};

/** The same conditions as above for an API key's session. */
const API_KEY_SESSION_QUERY = {
  name: 'auth_api_key_session_v1',
  text: `select k.merchant_id, k.sub_merchant_id, k.role, k.name as key_name
           from sessions s
           join api_keys k on k.id = s.api_key_id
          where s.id = $1 and s.api_key_id = $2 and s.revoked_at is null and s.expires_at > now() and k.revoked_at is null`,
};

type SessionKind = 'user' | 'api_key';
/** Session id → its kind, learnt from the database on its first request. A fact, not a permission. */
const sessionKinds = new Map<string, SessionKind>();
const SESSION_KINDS_LIMIT = 50_000;

function remember(sessionId: string, kind: SessionKind): void {
  if (sessionKinds.size >= SESSION_KINDS_LIMIT) sessionKinds.delete(sessionKinds.keys().next().value!);
  sessionKinds.set(sessionId, kind);
}

interface HolderRow {
  /** Null for an operator. */
  merchant_id: string | null;
  sub_merchant_id: string | null;
  role: Principal['role'] | OperatorPrincipal['role'];
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  key_name?: string | null;
  must_enrol_mfa?: boolean | null;
}

function principalOf(kind: SessionKind, holderId: string, sessionId: string, row: HolderRow): LiveHolder {
  const apiKey = kind === 'api_key';
  if (row.merchant_id === null && !apiKey && isPlatformRole(row.role)) {
    const operator = { userId: holderId, sessionId, role: row.role, email: row.email ?? '', firstName: row.first_name ?? '', lastName: row.last_name ?? '' };
    return { operator, mustEnrolMfa: Boolean(row.must_enrol_mfa) };
  }
  if (row.merchant_id === null) throw new Error(`The session ${sessionId} has neither a merchant nor a platform role.`);
  return {
    userId: holderId,
    sessionId,
    merchantId: row.merchant_id,
    subMerchantId: row.sub_merchant_id,
    role: row.role as Principal['role'],
    email: row.email ?? '',
    firstName: row.first_name ?? row.key_name ?? '',
    lastName: row.last_name ?? '',
    active: true,
    apiKey: apiKey ? { id: holderId, name: row.key_name ?? '' } : null,
    mustEnrolMfa: apiKey ? false : Boolean(row.must_enrol_mfa),
  };
}

type Settle = (error: Error | undefined, holder?: LiveHolder) => void;

/**
 * The session's live holder, or undefined when the session has ended (logged out, expired, user
 * disabled, key revoked), given to `settle`. node-postgres's callback form: the per-request path
 * makes no promise here (pg-pool's promise form makes two, and every promise pays the audit
 * context's async hooks; issue 24). `settle` runs in node-postgres's callback, outside the caller's
 * async context: it must only hand the result over (resolve a promise), never carry on the request.
 */
export function readLiveHolder(sessionId: string, subject: string, settle: Settle): void {
  const kind = sessionKinds.get(sessionId);
  if (kind) {
    const query = kind === 'user' ? USER_SESSION_QUERY : API_KEY_SESSION_QUERY;
    pool().query<HolderRow>({ name: query.name, text: query.text, values: [sessionId, subject] }, (error, result) => {
      if (error) return settle(error);
      const row = result.rows[0];
      settleWith(settle, () => (row ? principalOf(kind, subject, sessionId, row) : undefined));
    });
    return;
  }
  pool().query<HolderRow & { id: string; api_key_id: string | null }>({ ...ANY_SESSION_QUERY, values: [sessionId, subject] }, (error, result) => {
    if (error) return settle(error);
    const row = result.rows[0];
    if (!row) return settle(undefined, undefined);
    const learnt: SessionKind = row.api_key_id ? 'api_key' : 'user';
    remember(sessionId, learnt);
    settleWith(settle, () => principalOf(learnt, row.id, sessionId, row));
  });
}

/** `settle` gets the holder, or the error reading it threw (a row of neither kind): never thrown into node-postgres. */
function settleWith(settle: Settle, holder: () => LiveHolder | undefined): void {
  let read: LiveHolder | undefined;
  try {
    read = holder();
  } catch (error) {
    return settle(error as Error);
  }
  settle(undefined, read);
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

/** GET /auth/me for an operator: the platform role, and no merchant (docs/operator.md). */
export const currentOperatorOf = ({ operator, mustEnrolMfa }: LiveOperator) => ({
  id: operator.userId,
  email: operator.email,
  firstName: operator.firstName,
  lastName: operator.lastName,
  role: operator.role,
  merchantId: null,
  subMerchantId: null,
  active: true,
  kind: 'user' as const,
  apiKey: null,
  mfaEnrollmentRequired: mustEnrolMfa,
});
