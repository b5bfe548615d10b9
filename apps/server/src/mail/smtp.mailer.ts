import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.js';

/** Email through an SMTP server (nodemailer): `smtp://user:pass@host:587`, or `smtps://` for implicit TLS. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
