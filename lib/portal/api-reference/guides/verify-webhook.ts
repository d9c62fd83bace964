/**
 * The verification code the "Receive webhooks" guide shows, kept as text so that the page shows
 * exactly what tests/docs/verify-webhook.test.ts runs (Node with no package; Python with its
 * standard library only). Both follow Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`.
 */
export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/**
 * Throws unless the request is a genuine Collect webhook signed within the last 5 minutes, and
 * returns the event. rawBody: the body exactly as received (a Buffer or string), never re-serialised.
 */
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('not a webhook: headers missing');
  if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= TOLERANCE_SECONDS)) throw new Error('timestamp too old or too new');
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\`).update(rawBody).digest();
  const matches = signatures.split(' ').some((signature) => {
    const [version, encoded = ''] = signature.split(',');
    const given = Buffer.from(encoded, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error('no valid signature');
  return JSON.parse(rawBody.toString());
}
`;

export const NODE_RECEIVER = `import { createServer } from 'node:http';
import { verifyWebhook } from './verify-webhook.mjs';

const secret = process.env.WEBHOOK_SECRET; // "whsec_…", shown once when you registered the endpoint
const seen = new Set(); // use your database: the event ids you have processed

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let event;
    try {
      event = verifyWebhook(secret, request.headers, Buffer.concat(chunks));
    } catch {
      return response.writeHead(400).end();
    }
    response.writeHead(204).end(); // acknowledge within 15 s, then work
    if (seen.has(event.id)) return; // a retry or redelivery of an event already handled
    seen.add(event.id);
    if (event.type === 'payment.received') console.log('paid', event.data.amount, event.data.currency);
  });
}).listen(8080);
`;

export const PYTHON_VERIFY = `import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret, headers, raw_body):
    """Raises ValueError unless the request is a genuine Collect webhook signed within the
    last 5 minutes; returns the event. headers: lower-case names; raw_body: the bytes received."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise ValueError("not a webhook: headers missing")
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp too old or too new")
    key = base64.b64decode(secret[len("whsec_"):])
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = hmac.new(key, signed, hashlib.sha256).digest()
    for signature in signatures.split(" "):
        version, _, encoded = signature.partition(",")
        if version == "v1" and hmac.compare_digest(base64.b64decode(encoded), expected):
            return json.loads(raw_body)
    raise ValueError("no valid signature")
`;

export const PYTHON_RECEIVER = `from http.server import BaseHTTPRequestHandler, HTTPServer
import os

from verify_webhook import verify_webhook

SECRET = os.environ["WEBHOOK_SECRET"]  # "whsec_…", shown once when you registered the endpoint


class Webhooks(BaseHTTPRequestHandler):
    def do_POST(self):
        raw_body = self.rfile.read(int(self.headers["Content-Length"]))
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            event = verify_webhook(SECRET, headers, raw_body)
        except ValueError:
            self.send_response(400)
            self.end_headers()
            return
        self.send_response(204)  # acknowledge within 15 s, then work
        self.end_headers()
        if event["type"] == "payment.received":
            print("paid", event["data"]["amount"], event["data"]["currency"])


HTTPServer(("", 8080), Webhooks).serve_forever()
`;
