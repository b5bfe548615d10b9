import path from 'node:path';
import type { Config } from '../config.js';
import { FileMailer } from './file.mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp.mailer.js';

/** The one place the mailer is chosen: SMTP when SMTP_URL is set, else `.eml` files under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, log: (message: string) => void): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  return new FileMailer(path.join(config.dataDir, 'mail'), config.mail.from, log);
}
