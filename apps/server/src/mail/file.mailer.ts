import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { type MailMessage, type Mailer, firstLink } from './mailer.js';

/**
 * The embedded default without SMTP: each message is written whole (RFC 822, as nodemailer builds
 * it for SMTP) to `<dir>/<time>-<id>.eml`, openable by any mail program, and one log line names
 * the file and the message's first link, so `npm start` alone can verify an address or reset a
 * password. The file appears at once complete (written aside, then renamed).
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  private readonly transport: Transporter;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (message: string) => void,
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { messageId: string; message: Buffer };
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const file = path.join(this.dir, name);
    await writeFile(`${file}.part`, info.message);
    await rename(`${file}.part`, file);
    const link = firstLink(message.text);
    this.log(`mail to ${message.to} ("${message.subject}") written to ${file}${link ? `; link: ${link}` : ''}`);
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
