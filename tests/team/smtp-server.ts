import net, { type AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * The outside world's mail server, as RFC 5321 describes the exchange: greeting, EHLO, MAIL FROM,
 * RCPT TO, DATA ending with a lone ".", QUIT. No STARTTLS or AUTH is offered, so the client sends
 * in the clear, as it would to a relay on a private network.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 mail.test.example ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') {
          reply('250 mail.test.example');
        } else if (command === 'MAIL') {
          mail.from = line.match(/<([^>]*)>/)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          mail.to.push(line.match(/<([^>]*)>/)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('502 5.5.2 not implemented');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
