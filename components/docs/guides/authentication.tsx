import type { ApiReference } from '@/lib/portal/api-reference/reference';
import { guideHref } from '@/lib/portal/api-reference/guides';
import { CodeBlock } from '../code-block';
import { OperationLink } from './operation-link';
import { A, C, GuideSection, GuideTable, P } from './parts';

const SHELL = `# Your Collect's address: the PORT it runs on (3000 unless PORT says otherwise), or its PUBLIC_URL
export COLLECT_URL=http://localhost:3000
# An API key, made once by an administrator (portal: API keys); keep it in your secret store
export COLLECT_API_KEY=ck_test_…
# A 15-minute access token for it (python3 reads the JSON; jq -r .accessToken does too)
export TOKEN=$(curl -sS -X POST "$COLLECT_URL/api/v1/auth/token" \\
  -H 'Content-Type: application/json' -d "{\\"apiKey\\": \\"$COLLECT_API_KEY\\"}" \\
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')`;

const USER_SIGN_IN = `curl -sS -X POST "$COLLECT_URL/api/v1/auth/login" \\
  -H 'Content-Type: application/json' \\
  -d '{"email": "wanjiku@example.com", "password": "…"}'
# → {"accessToken":"v4.public.…","refreshToken":"rt_…","tokenType":"Bearer","expiresIn":900,"refreshExpiresIn":604800}`;

export function AuthenticationGuide({ reference }: { reference: ApiReference }) {
  return (
    <div className="space-y-8">
      <GuideSection id="shell" title="The variables every example reads">
        <P>
          Every command in these pages reads <C>COLLECT_URL</C> (where your Collect answers), <C>TOKEN</C> (an access token) and, for one
          resource, its id in capitals (<C>CUSTOMER_ID</C>, <C>BILL_ID</C>…): the id from the answer that created it or from a list. Set them
          once in your shell:
        </P>
        <CodeBlock label="Setting up the shell" language="shell" code={SHELL} />
        <P>
          Running Collect yourself? <C>npm start</C> prints the address (it takes <C>PORT</C> into account) and, on a fresh database, a demo
          merchant to sign in with.
        </P>
      </GuideSection>

      <GuideSection id="api-keys" title="API keys for integrations">
        <P>
          An integration authenticates with an API key, never with a person&apos;s password. An administrator makes one in the portal (API keys)
          or with <OperationLink reference={reference} method="POST" path="/merchants/me/api-keys" />: its secret (<C>ck_live_…</C>, or{' '}
          <C>ck_test_…</C> in the sandbox) is shown once. The key acts with the role it was given, <C>PLAIN_MERCHANT</C> (reads and writes the
          merchant&apos;s data) or <C>SUPPORT</C> (reads only), optionally for one sub-merchant.
        </P>
        <P>
          Exchange it with <OperationLink reference={reference} method="POST" path="/auth/token" /> for an access token valid 15 minutes (
          <C>expiresIn</C>, seconds). There is no refresh token for keys: exchange the key again when the token expires, or when a request
          answers 401. Revoking the key (<OperationLink reference={reference} method="POST" path="/merchants/me/api-keys/{keyId}/revoke" />)
          refuses its tokens from the next request on.
        </P>
      </GuideSection>

      <GuideSection id="tokens" title="Sending the token">
        <P>
          Send <C>Authorization: Bearer $TOKEN</C> on every call under <C>/api/v1/merchants/me</C>. A missing, expired or revoked token answers
          401 with <C>WWW-Authenticate</C>; a token whose role may not do the operation answers 403. Every answer scopes itself to your merchant:
          another merchant&apos;s id is simply not found (404). Tokens are PASETO v4 (<C>v4.public.…</C>); treat them as opaque.
        </P>
      </GuideSection>

      <GuideSection id="users" title="People: sign-in, refresh, sign-out">
        <P>
          The portal&apos;s users sign in with their email and password (<OperationLink reference={reference} method="POST" path="/auth/login" />),
          which also gives a single-use refresh token (7 days) for{' '}
          <OperationLink reference={reference} method="POST" path="/auth/refresh" />. A user with two factors gets <C>mfa_required</C> and finishes
          with a code. Five wrong passwords for one email (or fifty from one address) within 15 minutes answer 429 with <C>Retry-After</C>.
          Scripts should use API keys instead.
        </P>
        <CodeBlock label="A user signs in" language="shell" code={USER_SIGN_IN} />
      </GuideSection>

      <GuideSection id="roles" title="Roles">
        <GuideTable
          caption="What each role may do"
          head={['role', 'reads', 'writes']}
          rows={[
            [<C key="r">MERCHANT_ADMIN</C>, 'everything of its merchant', 'everything, plus the team, API keys and the sign-in policy'],
            [<C key="r">PLAIN_MERCHANT</C>, 'everything of its merchant (or its sub-merchant)', 'customers, bills, payments, webhooks, settlements'],
            [<C key="r">SUPPORT</C>, 'everything of its merchant (or its sub-merchant)', 'nothing but payer links (403 otherwise)'],
          ]}
        />
        <P>
          Next: <A href={guideHref('collect-a-bill')}>collect a bill</A>, or how <A href={guideHref('errors-and-idempotency')}>errors</A> read.
        </P>
      </GuideSection>
    </div>
  );
}
