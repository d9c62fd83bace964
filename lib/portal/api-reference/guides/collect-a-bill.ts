/**
 * The "Collect a bill" walk-through as data: the page shows each step's command, and
 * tests/docs/collect-a-bill.test.ts runs the same commands, in order, against a fresh server.
 * `saves` names what a reader keeps from the answer for the next steps (the test does the same).
 */
export interface WalkthroughStep {
  id: string;
  title: string;
  /** What the step does and why, in a sentence or two (backticks show code). */
  text: string;
  command: string;
  /** The status a reader should see. */
  status: number;
  /** Shell variables to set from the answer's JSON: variable → dotted path in the body. */
  saves?: Record<string, string>;
}

export const collectABill: WalkthroughStep[] = [
  {
    id: 'sign-in',
    title: 'Get an access token',
    text: 'An integration exchanges its API key (`ck_live_…`, made by an administrator under API keys) for a 15-minute access token; keep the key in your secret store, never in code. Exchange it again when the token expires.',
    command: `curl -sS -X POST "$COLLECT_URL/api/v1/auth/token" \\
  -H 'Content-Type: application/json' \\
  -d "{\\"apiKey\\": \\"$COLLECT_API_KEY\\"}"`,
    status: 200,
    saves: { TOKEN: 'accessToken' },
  },
  {
    id: 'endpoint',
    title: 'Register where events go',
    text: 'Once per integration: Collect POSTs `payment.received` (and the other events you choose) to this URL. The answer shows the signing secret this once: store it as `WEBHOOK_SECRET`.',
    command: `curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/webhook-endpoints" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d @- <<EOF
{"url": "$WEBHOOK_URL", "description": "Order service", "eventTypes": ["payment.received", "expected_payment.paid"]}
EOF`,
    status: 201,
    saves: { WEBHOOK_SECRET: 'secret' },
  },
  {
    id: 'customer',
    title: 'Create the customer',
    text: 'Who you bill: a name, your own reference and a phone number (typed as Kenyans write it; email is optional). Keep the `id`.',
    command: `curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/customers" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '{"displayName": "Achieng Otieno", "externalRef": "CUST-0042", "phone": "0712 345 678"}'`,
    status: 201,
    saves: { CUSTOMER_ID: 'id' },
  },
  {
    id: 'bill',
    title: 'Create the bill',
    text: 'What the customer owes and until when (ISO 8601 UTC, in the future, at most a year ahead). The bill gets an account number of its own, so the payment needs no reference to be matched.',
    command: `EXPIRES_AT=$(date -u -d '+7 days' +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -v+7d +%Y-%m-%dT%H:%M:%SZ)
curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/expected-payments" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d @- <<EOF
{"paymentReference": "INV-2026-0042", "amount": 1500.50, "currency": "KES", "expiresAt": "$EXPIRES_AT", "customerId": "$CUSTOMER_ID"}
EOF`,
    status: 201,
    saves: { BILL_ID: 'id', ACCOUNT_NUMBER: 'virtualAccountNumber' },
  },
  {
    id: 'instructions',
    title: 'Show the payer how to pay',
    text: 'Ready-made instructions for the bill: M-Pesa Pay Bill steps, bank transfer and RTGS details, in the words a payer needs. Show them on your invoice, or send the payer link (Payer instructions in the reference).',
    command: `curl -sS "$COLLECT_URL/api/v1/merchants/me/payment-options?expectedPaymentId=$BILL_ID" \\
  -H "Authorization: Bearer $TOKEN"`,
    status: 200,
  },
  {
    id: 'pay',
    title: 'Pay it in the sandbox',
    text: 'In the sandbox, simulate the payer: the real M-Pesa code path runs and the bill is paid. In production the payer pays from their phone or bank.',
    command: `curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/sandbox/inbound-payments" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d "{\\"accountNumber\\": \\"$ACCOUNT_NUMBER\\", \\"amount\\": 1500.50, \\"channel\\": \\"MOBILE_MONEY\\"}"`,
    status: 201,
    saves: { PAYMENT_ID: 'id' },
  },
  {
    id: 'paid',
    title: 'See the bill paid',
    text: 'Your endpoint has received `payment.received` and `expected_payment.paid` by now (verify them as the webhooks guide shows). The bill reads `PAID`; a reconciliation job can read it too.',
    command: `curl -sS "$COLLECT_URL/api/v1/merchants/me/expected-payments/$BILL_ID" \\
  -H "Authorization: Bearer $TOKEN"`,
    status: 200,
  },
];
