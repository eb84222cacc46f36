// The SMTP peer (smtp.ts) as a process of its own, for end-to-end tests: the server under test
// sends its mails to it over SMTP (SMTP_URL), and the tests read them over HTTP. Never used by
// `start`.
//
//   npx tsx tests/peers/smtp-server.ts <smtp port> <http port>
//
//   GET /health   200 once both listen
//   GET /mails    every mail received, oldest first: [{ from, to: [...], data }] (data: the raw
//                 message as sent, headers and body)
import { createServer } from 'node:http';
import { startSmtpPeer } from './smtp.ts';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  process.stderr.write('smtp-server: give the SMTP port and the HTTP port\n');
  process.exit(2);
}
const peer = await startSmtpPeer(smtpPort);
createServer((request, response) => {
  if (request.url === '/mails') {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(peer.received));
    return;
  }
  response.writeHead(request.url === '/health' ? 200 : 404).end();
}).listen(httpPort, '127.0.0.1', () => {
  process.stdout.write(`SMTP peer on ${peer.url}, its mails on http://127.0.0.1:${httpPort}\n`);
});
