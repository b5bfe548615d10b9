/** One email as Platter sends it: both a plain-text and an HTML body, always. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Where email goes: an SMTP server (SMTP_URL) or, on the embedded default, `.eml` files under
 * DATA_DIR/mail. Chosen once by `createMailer` (create-mailer.ts). Services never call it inside a
 * request: MailService queues a `send-email` job and the job calls `send`.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  /** Sends one message; throws when it was not accepted (the job is then retried). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** The first http(s) link in a text: what the file mailer prints, so a reset works from the log alone. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}
