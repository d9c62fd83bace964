import { NODE_RECEIVER, NODE_VERIFY, PYTHON_RECEIVER, PYTHON_VERIFY } from '@/lib/portal/api-reference/guides/verify-webhook';
import { EVENTS_SLUG, type ApiReference } from '@/lib/portal/api-reference/reference';
import { CodeBlock } from '../code-block';
import { OperationLink } from './operation-link';
import { A, C, GuideSection, GuideTable, P } from './parts';

const REQUEST = `POST /webhooks/collect HTTP/1.1
content-type: application/json
user-agent: Collect-Webhooks/1.0 (+https://docs.collect.example/webhooks)
webhook-id: 0d6c1f0e-2b0a-4c61-9d38-1f4f7f5b8a3e
webhook-timestamp: 1795251773
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{"id":"0d6c1f0e-2b0a-4c61-9d38-1f4f7f5b8a3e","type":"payment.received","createdAt":"2026-11-21T10:02:53.123Z","data":{…}}`;

const RETRY_WAITS = ['5 s', '5 min', '30 min', '2 h', '5 h', '10 h', '14 h', '20 h', '24 h'];

export function ReceiveWebhooksGuide({ reference }: { reference: ApiReference }) {
  return (
    <div className="space-y-8">
      <P>
        Collect tells your systems what happened (a payment arrived, a bill was paid) by POSTing events to the HTTPS endpoints you register.
        Deliveries follow <A href="https://www.standardwebhooks.com">Standard Webhooks</A>, so any of its libraries verifies them; the code below
        needs no library at all. Every type and its payload: <A href={`/docs/${EVENTS_SLUG}`}>event types</A>.
      </P>

      <GuideSection id="register" title="Register an endpoint">
        <P>
          <OperationLink reference={reference} method="POST" path="/merchants/me/webhook-endpoints" /> with your <C>url</C> and, optionally, the{' '}
          <C>eventTypes</C> you want (every type, including later ones, when left out). The answer carries the endpoint&apos;s signing{' '}
          <C>secret</C>, the only time it is shown. At most 20 active endpoints per merchant.
        </P>
      </GuideSection>

      <GuideSection id="headers" title="The request and its headers">
        <CodeBlock label="A delivery" language="http" code={REQUEST} />
        <GuideTable
          caption="Webhook headers"
          head={['header', 'what it is']}
          rows={[
            [<C key="h">webhook-id</C>, 'The event id: the same on every retry and redelivery. Store the ids you have processed and skip repeats: delivery is at least once.'],
            [<C key="h">webhook-timestamp</C>, 'When this attempt was signed, in Unix seconds. Refuse a message more than 5 minutes from your clock: that stops replays.'],
            [<C key="h">webhook-signature</C>, 'v1, then the base64 HMAC-SHA256 signature. Two, space-separated, for 24 hours after a secret rotation: accept the message if any matches.'],
          ]}
        />
      </GuideSection>

      <GuideSection id="signature" title="What is signed, and the secret's format">
        <P>
          The secret is <C>whsec_</C> followed by base64 of 24 to 64 random bytes (32 when Collect makes it; you may bring your own). The key is
          those bytes: base64-decode what follows <C>whsec_</C>. The signature is HMAC-SHA256 with that key over{' '}
          <C>{'{webhook-id}.{webhook-timestamp}.{body}'}</C>, where the body is the raw bytes as received. Verify before parsing: a framework that
          parses and re-serialises the JSON changes the bytes and the signature no longer matches. Compare in constant time.
        </P>
      </GuideSection>

      <GuideSection id="node" title="Verifying in Node">
        <P>Node 18 or later, no package. Save it as <C>verify-webhook.mjs</C>:</P>
        <CodeBlock label="verify-webhook.mjs" language="javascript" code={NODE_VERIFY} />
        <P>A receiver with Node&apos;s own HTTP server (with Express, use <C>express.raw({'{'} type: &apos;application/json&apos; {'}'})</C> so the body stays raw):</P>
        <CodeBlock label="receiver.mjs" language="javascript" code={NODE_RECEIVER} />
      </GuideSection>

      <GuideSection id="python" title="Verifying in Python">
        <P>Python 3.9 or later, standard library only. Save it as <C>verify_webhook.py</C>:</P>
        <CodeBlock label="verify_webhook.py" language="python" code={PYTHON_VERIFY} />
        <P>A receiver with the standard library&apos;s HTTP server (with Flask, pass <C>request.get_data()</C> and lower-cased headers):</P>
        <CodeBlock label="receiver.py" language="python" code={PYTHON_RECEIVER} />
      </GuideSection>

      <GuideSection id="retries" title="Answering, and retries">
        <P>
          Answer any 2xx within 15 seconds, then do the work (or queue it): a slow answer is a failed attempt. Another status, a timeout, a
          refused connection or a redirect (3xx is never followed) fails the attempt, and the delivery is tried again after:
        </P>
        <GuideTable caption="Waits between attempts" head={['after attempt', 'wait']} rows={RETRY_WAITS.map((wait, index) => [String(index + 1), wait])} />
        <P>
          Each wait varies by up to ±10%. After the tenth attempt (about 3 days) the delivery is <C>FAILED</C>; the event stays readable for 30
          days at <OperationLink reference={reference} method="GET" path="/merchants/me/events" />. A <C>429</C> or <C>503</C> with{' '}
          <C>Retry-After</C> sets the next wait; <C>410 Gone</C> deactivates the endpoint; so do 5 days of failures. When a failing endpoint answers
          2xx again, its waiting deliveries are sent at once. Events are not ordered: use <C>createdAt</C> and the resource&apos;s own state.
        </P>
      </GuideSection>

      <GuideSection id="redelivery" title="Redelivery and the delivery log">
        <P>
          <OperationLink reference={reference} method="GET" path="/merchants/me/webhook-endpoints/{endpointId}/deliveries" /> lists every delivery
          with its attempts (status, answer, duration, error).{' '}
          <OperationLink reference={reference} method="POST" path="/merchants/me/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver" />{' '}
          sends one again now, with the same <C>webhook-id</C>, and retries it as above if it fails.
        </P>
      </GuideSection>

      <GuideSection id="test-events" title="Test events">
        <P>
          <OperationLink reference={reference} method="POST" path="/merchants/me/webhook-endpoints/{endpointId}/test" /> sends a{' '}
          <C>webhook.test</C> event to that endpoint alone, signed and retried like any other, whatever its <C>eventTypes</C>: the way to check
          your verification before real money moves. The portal&apos;s webhook page has the same button. In the sandbox, loopback addresses
          (<C>http://localhost:8080/…</C>) may be registered, so you can receive on your own machine.
        </P>
      </GuideSection>

      <GuideSection id="rotation" title="Rotating the secret">
        <P>
          <OperationLink reference={reference} method="POST" path="/merchants/me/webhook-endpoints/{endpointId}/rotate-secret" /> shows the new
          secret once. For 24 hours both secrets sign each delivery (two signatures in the header): deploy the new secret within that day.
        </P>
      </GuideSection>
    </div>
  );
}
