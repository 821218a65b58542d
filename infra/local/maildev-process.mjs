// MailDev in a process of its own (started by infra/local/mail.ts). It runs apart from the
// handlers because MailDev loads classic zod, which sets zod's global English messages and would
// change the API's validation details in the process that serves it.
// Prints {"smtp": port, "web": port} once listening; stops when its parent's end of stdin closes.
import { MailDev } from 'maildev';

const [smtp, web] = process.argv.slice(2).map(Number);
const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
// MailDev's API announces itself on the console; the parent reads only the JSON line below.
console.info = () => {};
const servers = await maildev.start();
process.stdout.write(`${JSON.stringify({ smtp: servers.smtp.port, web: servers.api.boundAddress.port })}\n`);
const stop = () => maildev.stop().finally(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
