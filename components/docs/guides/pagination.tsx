import type { ApiReference } from '@/lib/portal/api-reference/reference';
import { CodeBlock } from '../code-block';
import { OperationLink } from './operation-link';
import { C, GuideSection, P } from './parts';

const FIRST_PAGE = `curl -sS -D - "$COLLECT_URL/api/v1/merchants/me/payments?limit=2" \\
  -H "Authorization: Bearer $TOKEN"
# HTTP/1.1 200 OK
# link: </api/v1/merchants/me/payments?limit=2&cursor=eyJjIjoiMjAyNi0xMS0yMVQxMDowMjo1My4xMjNaIiwiaSI6IjNmMmI4YzRlIn0>; rel="next"
# [{"id":"…","amount":1500.5,…},{"id":"…",…}]`;

const EVERY_PAGE = `next="$COLLECT_URL/api/v1/merchants/me/payments?limit=200"
while [ -n "$next" ]; do
  curl -sS -D headers.txt "$next" -H "Authorization: Bearer $TOKEN" >> payments.jsonl; echo >> payments.jsonl
  link=$(grep -i '^link:' headers.txt | sed -E 's/.*<([^>]+)>.*/\\1/')
  next=\${link:+$COLLECT_URL$link}
done`;

export function PaginationGuide({ reference }: { reference: ApiReference }) {
  return (
    <div className="space-y-8">
      <GuideSection id="lists" title="Lists come a page at a time, newest first">
        <P>
          Every list (<OperationLink reference={reference} method="GET" path="/merchants/me/payments" />,{' '}
          <OperationLink reference={reference} method="GET" path="/merchants/me/customers" />, events, deliveries…) answers a plain JSON array,
          newest first. <C>limit</C> sets the page size: 1 to 200, 50 when left out.
        </P>
      </GuideSection>
      <GuideSection id="cursor" title="The next page: the Link header">
        <P>
          When there is more, the answer has a <C>Link: &lt;…&gt;; rel=&quot;next&quot;</C> header: GET that address (relative to your{' '}
          <C>COLLECT_URL</C>) for the next page, which carries the same filters and an opaque <C>cursor</C>. No <C>Link</C> header: that was the
          last page. Pages are keyset pages, so rows arriving meanwhile never shift a page or show twice; a cursor that was not given by the API
          answers 422.
        </P>
        <CodeBlock label="The first page and its Link header" language="shell" code={FIRST_PAGE} />
        <CodeBlock label="Every page, in a shell loop" language="shell" code={EVERY_PAGE} />
      </GuideSection>
    </div>
  );
}
