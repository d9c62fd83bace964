import { collectABill } from '@/lib/portal/api-reference/guides/collect-a-bill';
import { guideHref } from '@/lib/portal/api-reference/guides';
import { EVENTS_SLUG, type ApiReference } from '@/lib/portal/api-reference/reference';
import { CodeBlock } from '../code-block';
import { Prose } from '../prose';
import { A, C, GuideSection, P } from './parts';

/** The walk-through's steps are data (lib/portal/api-reference/guides): tests/docs runs the same commands. */
export function CollectABillGuide({ reference }: { reference: ApiReference }) {
  const paymentReceived = reference.webhooks.find((webhook) => webhook.type === 'payment.received');
  return (
    <div className="space-y-8">
      <P>
        Seven calls, from nothing to a paid bill, in the sandbox. Set <C>COLLECT_URL</C>, <C>COLLECT_API_KEY</C> and <C>WEBHOOK_URL</C> (an
        https address of yours; in the sandbox <C>http://localhost:…</C> works too) as{' '}
        <A href={guideHref('authentication', 'shell')}>the authentication guide</A> shows. Each step says what to keep from its answer for the
        next ones.
      </P>
      <ol className="space-y-8">
        {collectABill.map((step, index) => (
          <li key={step.id}>
            <GuideSection id={step.id} title={`${index + 1}. ${step.title}`}>
              <Prose text={step.text} className="max-w-prose text-slate-700" />
              <CodeBlock label={`Step ${index + 1}: ${step.title}`} language="shell" code={step.command} />
              <p className="text-sm text-slate-700">
                Answers <C>{step.status}</C>
                {step.saves && (
                  <>
                    ; keep{' '}
                    {Object.entries(step.saves).map(([variable, path], position) => (
                      <span key={variable}>
                        {position > 0 && ' and '}
                        <C>{path}</C> as <C>{variable}</C>
                      </span>
                    ))}
                  </>
                )}
                .
              </p>
            </GuideSection>
          </li>
        ))}
      </ol>
      <GuideSection id="payment-received" title="What your endpoint receives">
        <P>
          A POST whose body is the event, signed as <A href={guideHref('receive-webhooks')}>Receive webhooks</A> explains. Acknowledge with any
          2xx within 15 seconds, then fulfil the order: the payment is final. Every field of the payload is in{' '}
          <A href={`/docs/${EVENTS_SLUG}#event-payment-received`}>the event types</A>.
        </P>
        {paymentReceived && <CodeBlock label="payment.received (its shape; your values differ)" language="json" code={JSON.stringify(paymentReceived.example, null, 2)} />}
      </GuideSection>
    </div>
  );
}
