import { describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../jobs/in-process.job-queue.js';
import { JobRunner } from '../jobs/declared-jobs.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { MailService } from './mail.service.js';

class RecordingMailer implements Mailer {
  readonly kind = 'file' as const;
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { messageId: `<${this.sent.length}@test>` };
  }
  async close() {}
}

describe('MailService', () => {
  it('queues a send-email job instead of sending, and the declared job sends it', async () => {
    const queue = new InProcessJobQueue({ drainMs: 1000, log: () => {} });
    const mailer = new RecordingMailer();
    const mail = new MailService({ mailer, jobs: queue, log: () => {} });
    await new JobRunner(queue, [mail.jobs()], { info: () => {} }).register();
    await mail.queueTemplate('ann@example.com', 'reset-password', 'ru', { name: 'Аня', url: 'http://localhost/reset-password?token=t' });
    // Queued, not sent: the queue has not started.
    expect(mailer.sent).toHaveLength(0);
    await queue.start();
    await queue.idle(5000);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'ann@example.com', subject: 'Сброс пароля Platter' });
    expect(mailer.sent[0]?.text).toContain('http://localhost/reset-password?token=t');
    await queue.close();
  });

  it('retries a message the mailer refused, and logs only when it gives up', async () => {
    const queue = new InProcessJobQueue({ drainMs: 1000, log: () => {} });
    const mailer = new RecordingMailer();
    let refusals = 2;
    const send = mailer.send.bind(mailer);
    mailer.send = async (message) => {
      if (refusals-- > 0) throw new Error('451 try again later');
      return send(message);
    };
    const logged: string[] = [];
    const mail = new MailService({ mailer, jobs: queue, log: (line) => logged.push(line), policy: { retryLimit: 2, retryDelaySeconds: 0.01 } });
    await new JobRunner(queue, [mail.jobs()], { info: () => {} }).register();
    await queue.start();
    await mail.queue({ to: 'bob@example.com', subject: 's', text: 't', html: '<p>t</p>' });
    for (let i = 0; i < 100 && mailer.sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mailer.sent.map((m) => m.to)).toEqual(['bob@example.com']);
    expect(logged).toEqual([]);
    await queue.close();
  });

  it('declares send-email with retries by default', () => {
    const mail = new MailService({ mailer: new RecordingMailer(), jobs: { send: async () => {}, forget: async () => 0 }, log: () => {} });
    const job = mail.jobs().jobs?.find((j) => j.name === 'send-email');
    expect(job?.policy?.retryLimit).toBeGreaterThanOrEqual(3);
  });
});
