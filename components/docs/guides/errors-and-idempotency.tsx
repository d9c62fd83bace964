import { ERRORS_SLUG, type ApiReference } from '@/lib/portal/api-reference/reference';
import { CodeBlock } from '../code-block';
import { OperationLink } from './operation-link';
import { A, C, GuideSection, GuideTable, P } from './parts';

const VALIDATION = `HTTP/1.1 422 Unprocessable Entity
content-type: application/problem+json

{
  "type": "https://docs.collect.example/problems/validation_failed",
  "title": "Validation failed",
  "status": 422,
  "detail": "Some fields are missing or not valid.",
  "code": "validation_failed",
  "errors": [
    { "path": "paymentReference", "message": "Required" },
    { "path": "amount", "message": "Must be a number such as 1500.50" },
    { "path": "expiresAt", "message": "Must be a future time in ISO 8601 UTC, such as 2026-12-31T21:00:00Z." }
  ]
}`;

const IDEMPOTENT = `curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/settlements" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Idempotency-Key: payout-2026-11-21-001' \\
  -H 'Content-Type: application/json' \\
  -d '{"currency": "KES", "amount": "5000.00"}'`;

export function ErrorsGuide({ reference }: { reference: ApiReference }) {
  return (
    <div className="space-y-8">
      <GuideSection id="problems" title="Every error is a problem+json">
        <P>
          A failed call answers <C>application/problem+json</C> (RFC 9457): <C>type</C>, <C>title</C>, <C>status</C>, a <C>detail</C> sentence
          for people, and a stable <C>code</C> for programs (branch on <C>code</C>, never on the words). Every answer, error or not, carries{' '}
          <C>X-Request-Id</C>: quote it when you ask for help. All fields: <A href={`/docs/${ERRORS_SLUG}`}>Errors</A>.
        </P>
      </GuideSection>

      <GuideSection id="validation" title="Validation errors say what is expected">
        <P>
          A 422 <C>validation_failed</C> lists every field at fault in <C>errors</C>: its <C>path</C> (<C>amount</C>, <C>items.0.phone</C>,{' '}
          <C>query.limit</C>, <C>header.Idempotency-Key</C>) and a <C>message</C> saying in words what the field must be, the same words the
          portal&apos;s forms show: show them to your users as they are. Nothing was changed.
        </P>
        <CodeBlock label="A bill with three faults" language="http" code={VALIDATION} />
      </GuideSection>

      <GuideSection id="statuses" title="Which errors to retry">
        <GuideTable
          caption="Statuses and what to do"
          head={['status', 'means', 'retry?']}
          rows={[
            ['400, 413, 415', 'not JSON, over 1 MB, or not application/json', 'no: fix the request'],
            ['401', 'no token, or it expired or was revoked', 'after getting a new token'],
            ['403', 'your role may not do this', 'no'],
            ['404', "no such id for your merchant (another merchant's ids are unknown too)", 'no'],
            ['409', 'the state forbids it now (a bill already paid, an Idempotency-Key in flight)', 'read the state first'],
            ['422', 'a field is not valid; errors[] says which', 'no: fix the field'],
            ['429', 'too many attempts', <span key="r">after <C>Retry-After</C> seconds</span>],
            ['500', 'a fault on our side, logged with the request id', 'yes, with the same Idempotency-Key'],
            ['503', 'the database is unreachable for a moment', <span key="r">yes, after <C>Retry-After</C> seconds</span>],
          ]}
        />
      </GuideSection>

      <GuideSection id="idempotency" title="Idempotency-Key: retry a POST safely">
        <P>
          A POST whose answer you did not get (a timeout, a dropped connection) may or may not have happened. Send an <C>Idempotency-Key</C>{' '}
          header (1 to 255 characters; a UUID or your own order id) and retry with the same key: for 24 hours the same key with the same body
          replays the first answer, with <C>Idempotent-Replayed: true</C>, and does nothing again. The same key with another body answers 422{' '}
          <C>idempotency_key_reused</C>; a key whose first request is still running answers 409. Errors 500 and 503 are not kept, so the retry
          runs afresh. Keys belong to your merchant.
        </P>
        <P>
          Paying out (<OperationLink reference={reference} method="POST" path="/merchants/me/settlements" />) and reversing a payment require
          one. Answers that carry a secret shown once (API keys, invitation and reset links) refuse the header: they are never stored.
        </P>
        <CodeBlock label="A payout that can be retried" language="shell" code={IDEMPOTENT} />
      </GuideSection>

      <GuideSection id="rails" title="Payments are never counted twice">
        <P>
          Independently of your keys, a rail&apos;s payment (an M-Pesa receipt, a bank reference) is recorded once however many times it is
          notified, and webhooks repeat the same <C>webhook-id</C> on every retry: handle each id once.
        </P>
      </GuideSection>
    </div>
  );
}
