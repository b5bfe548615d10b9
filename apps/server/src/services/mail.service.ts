import type { ActivityCounters } from '../lib/activity-counters.js';
import type { JobQueue, QueuePolicy } from '../jobs/job-queue.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { type MailKind, type MailLocale, type MailTemplateData, renderMail } from '../mail/templates.js';

export interface MailServiceDeps {
  mailer: Mailer;
  jobs: Pick<JobQueue, 'send' | 'forget'>;
  log: (message: string, error?: unknown) => void;
  /** SEND_EMAIL_POLICY unless given (tests retry at once). */
  policy?: QueuePolicy;
  /** Emails sent and attempts failed, for the operator's metrics. */
  counters?: Pick<ActivityCounters, 'emailSent' | 'emailFailed'>;
}

/** Attempts of one email: the first and five retries, about 30 s, 1, 2, 4 and 8 minutes apart (a mail server's restart). */
export const SEND_EMAIL_POLICY: Required<QueuePolicy> = { retryLimit: 5, retryDelaySeconds: 15, timeoutSeconds: 120 };

/**
 * Email leaves Platter here, and only through the job queue: a request queues its message and
 * answers; the `send-email` job hands it to the Mailer (SMTP or `.eml` files), retried when the
 * mail server refuses or is away. So a request never waits for a mail server, and a request for
 * an address that has no account answers exactly as fast as one that has.
 */
export class MailService {
  constructor(private readonly deps: MailServiceDeps) {}

  /** Queues one message for sending. */
  async queue(message: MailMessage): Promise<void> {
    await this.deps.jobs.send('send-email', { message });
  }

  /** Drops every email to `address` not being sent right now, sent or not (an account's deletion). */
  async forgetAddress(address: string): Promise<number> {
    return this.deps.jobs.forget('send-email', ['message', 'to'], address);
  }

  /** Renders an email of `kind` in `locale` and queues it to `to`. */
  async queueTemplate<K extends MailKind>(to: string, kind: K, locale: MailLocale, data: MailTemplateData[K]): Promise<void> {
    await this.queue({ to, ...renderMail(kind, locale, data) });
  }

  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'send-email',
          policy: this.deps.policy ?? SEND_EMAIL_POLICY,
          run: async ({ message }, run) => {
            try {
              await this.deps.mailer.send(message);
              this.deps.counters?.emailSent();
            } catch (error) {
              this.deps.counters?.emailFailed();
              if (run.lastAttempt) this.deps.log(`could not send the email "${message.subject}" to ${message.to}; giving up`, error);
              throw error;
            }
          },
        }),
      ],
    };
  }
}
