import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobPayloads, JobQueue } from '../jobs/job-queue.js';
import { TRUSTED_ORIGIN_HEADER } from './auth-mail.js';
import type { Auth } from './auth.js';

export type PasswordResetRequest = JobPayloads['password-reset-request'];

export interface PasswordResetRequestsDeps {
  auth: Pick<Auth, 'handler'>;
  jobs: Pick<JobQueue, 'send'>;
  log: (message: string, error?: unknown) => void;
}

/**
 * "Forgot password?" as a job, so that its answer says nothing of the address. better-auth's
 * endpoint writes a token row and queues the mail for an account, and does neither for an unknown
 * address: on PostgreSQL that was 38 ms against 12 (two commits). The request only queues a
 * `password-reset-request` job, the same one statement for every address; the job runs
 * better-auth's endpoint, which writes the token and queues the `send-email` job.
 */
export class PasswordResetRequests {
  constructor(private readonly deps: PasswordResetRequestsDeps) {}

  async request(input: PasswordResetRequest): Promise<void> {
    await this.deps.jobs.send('password-reset-request', input);
  }

  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'password-reset-request',
          policy: { retryLimit: 3, retryDelaySeconds: 10 },
          run: async ({ email, redirectTo, origin, acceptLanguage }) => {
            // As the browser's request would have reached better-auth: Platter's origin (the
            // links are built on it), the person's language (the mail's).
            const response = await this.deps.auth.handler(
              new Request(`${origin}/api/auth/request-password-reset`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin, [TRUSTED_ORIGIN_HEADER]: origin, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
                body: JSON.stringify({ email, ...(redirectTo ? { redirectTo } : {}) }),
              }),
            );
            if (response.status >= 500) throw new Error(`request-password-reset answered ${response.status}`);
            // A refusal will not change on a retry (the route let through only what better-auth takes).
            if (!response.ok) this.deps.log(`a password reset request was refused (${response.status}): ${await response.text()}`);
          },
        }),
      ],
    };
  }
}
