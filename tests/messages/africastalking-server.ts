import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Africa's Talking's bulk SMS endpoint for tests, as its SMS documentation describes it:
 * POST /version1/messaging, `apiKey` header, `Accept: application/json`, a form-encoded body with
 * `username`, `to` (comma-separated numbers in international format with "+"), `message` and an
 * optional `from` (a sender id registered to the account). A wrong key or user answers 401 with a
 * plain-text sentence; otherwise 201 with
 * `{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: KES 0.8000","Recipients":[{"statusCode":101,
 * "number":"+254711XXXYYY","status":"Success","cost":"KES 0.8000","messageId":"ATXid_…"}]}}`, each
 * recipient with its own statusCode (101 Success, 403 InvalidPhoneNumber, 405 InsufficientBalance, …),
 * and an empty Recipients list with the reason in Message when the whole request is refused
 * (an unregistered sender id: "InvalidSenderId").
 */
export interface AtRequest {
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export type AtBehaviour = 'normal' | 'server-error' | 'insufficient-balance' | 'blacklisted' | 'hang';

const PART_COST = 0.8; // KES per part, the sandbox's price list

export async function startAfricasTalkingServer(account: { username: string; apiKey: string; senderIds?: string[] }) {
  const requests: AtRequest[] = [];
  const state: { behaviour: AtBehaviour } = { behaviour: 'normal' };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const plain = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(text);
      };
      if (request.method !== 'POST' || request.url !== '/version1/messaging') return plain(404, 'Not Found');
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ headers: request.headers, form });
      if (state.behaviour === 'hang') return; // never answers: the client's timeout must end the wait
      if (request.headers.apikey !== account.apiKey || form.username !== account.username) return plain(401, 'The supplied authentication is invalid');
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return plain(400, 'Request body must be form encoded');
      if (!form.to || !form.message) return plain(400, 'Must have to and message to send');
      if (state.behaviour === 'server-error') return plain(500, 'Internal Server Error');
      const json = (body: unknown) => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (form.from && !(account.senderIds ?? []).includes(form.from)) return json({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } });
      const parts = Math.max(1, Math.ceil(form.message.length / 153));
      const recipients = form.to.split(',').map((number) => {
        if (!/^\+[1-9][0-9]{9,14}$/.test(number)) return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
        if (state.behaviour === 'insufficient-balance') return { statusCode: 405, number, status: 'InsufficientBalance', cost: '0', messageId: 'None' };
        if (state.behaviour === 'blacklisted') return { statusCode: 406, number, status: 'UserInBlacklist', cost: '0', messageId: 'None' };
        return { statusCode: 101, number, status: 'Success', cost: `KES ${(parts * PART_COST).toFixed(4)}`, messageId: `ATXid_${randomBytes(16).toString('hex')}` };
      });
      const sent = recipients.filter((recipient) => recipient.statusCode === 101);
      json({ SMSMessageData: { Message: `Sent to ${sent.length}/${recipients.length} Total Cost: KES ${(sent.length * parts * PART_COST).toFixed(4)}`, Recipients: recipients } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    set behaviour(value: AtBehaviour) {
      state.behaviour = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
