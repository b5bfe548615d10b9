import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { type ParsedMail, simpleParser } from 'mailparser';

/** One received email, parsed: who it went to, its subject, texts and the links in its text. */
export interface ReceivedMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain text, in order. */
  links: string[];
  parsed: ParsedMail;
}

/** Parses one .eml file (what the SMTP runner and Platter's file mailer both write). */
export async function readMail(file: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(fs.readFileSync(file));
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
  const text = parsed.text ?? '';
  return { file, to, subject: parsed.subject ?? '', text, html: typeof parsed.html === 'string' ? parsed.html : '', links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [], parsed };
}

/** Every .eml in a directory, oldest first (names sort by time or number). */
export async function readMailDirectory(directory: string): Promise<ReceivedMail[]> {
  if (!fs.existsSync(directory)) return [];
  const files = fs.readdirSync(directory).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map((name) => readMail(path.join(directory, name))));
}

/** Polls a mail directory until a message to `to` (matching `where`) is there, the newest such. */
export async function waitForMailIn(directory: string, to: string, where: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailDirectory(directory)).filter((mail) => mail.to.includes(to.toLowerCase()) && where(mail));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms in ${directory}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** What a Platter instance needs to send here. */
  env: Record<string, string>;
  /** Where each received message is written as <n>.eml. */
  directory: string;
  mails(): Promise<ReceivedMail[]>;
  waitForMail(to: string, where?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server process for tests (smtp-server, run by smtp-server.runner.mjs in its own
 * Node process) on 127.0.0.1, writing what it receives to a fresh directory. `failFirst` makes it
 * refuse that many messages first with a temporary error (451), as a mail server does while busy.
 */
export async function startSmtpServer(options: { failFirst?: number; directory?: string } = {}): Promise<SmtpTestServer> {
  const owned = options.directory === undefined;
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'platter-smtp-'));
  const runner = path.join(import.meta.dirname, 'smtp-server.runner.mjs');
  const child = spawn(process.execPath, [runner, directory], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, FAIL_FIRST: String(options.failFirst ?? 0) },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`smtp-server did not start within 20 s: ${stderr}`)), 20_000);
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch {
        reject(new Error(`smtp-server printed ${line}: ${stderr}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`smtp-server exited (${code}) before listening: ${stderr}`));
    });
  });
  const url = `smtp://127.0.0.1:${port}`;
  return {
    url,
    env: { SMTP_URL: url, MAIL_FROM: 'Platter <no-reply@platter.test>' },
    directory,
    mails: () => readMailDirectory(directory),
    waitForMail: (to, where, timeoutMs) => waitForMailIn(directory, to, where, timeoutMs),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (owned) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
