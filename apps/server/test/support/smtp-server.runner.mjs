// A real SMTP server in its own process for tests (smtp-server on 127.0.0.1, any port):
//   node smtp-server.runner.mjs <directory>
// Prints {"port":N} once listening, then writes each accepted message whole (RFC 822) to
// <directory>/<n>.eml (aside, then renamed, so a reader never sees half a message) and prints
// {"file":…,"to":[…]} for it. Accepts any sender and recipient, no authentication, no TLS.
// With FAIL_FIRST=n in its environment, it refuses the first n messages with a temporary 451.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const directory = process.argv[2];
if (!directory) {
  console.error('usage: smtp-server.runner.mjs <directory>');
  process.exit(2);
}
fs.mkdirSync(directory, { recursive: true });
let failuresLeft = Number(process.env.FAIL_FIRST ?? 0);
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        const error = new Error('Try again later');
        error.responseCode = 451;
        callback(error);
        return;
      }
      count += 1;
      const file = path.join(directory, `${String(count).padStart(4, '0')}.eml`);
      fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
      fs.renameSync(`${file}.part`, file);
      console.log(JSON.stringify({ file, to: session.envelope.rcptTo.map((r) => r.address) }));
      callback(null, 'Queued');
    });
  },
});

server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.server.address().port })));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
