import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { FileMailer } from './file.mailer.js';

describe('FileMailer (the embedded default without SMTP)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml a mail parser reads whole, and logs its file and first link', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'platter-mail-')), 'mail');
    dirs.push(path.dirname(dir));
    const lines: string[] = [];
    const mailer = new FileMailer(dir, 'Platter <no-reply@localhost>', (line) => lines.push(line));
    const { messageId } = await mailer.send({
      to: 'ann@example.com',
      subject: 'Сброс пароля',
      text: 'Go here: http://localhost:8080/reset-password?token=abc then done',
      html: '<p>Go <a href="http://localhost:8080/reset-password?token=abc">here</a></p>',
      headers: { 'List-Unsubscribe': '<http://localhost:8080/u/1>' },
    });
    await mailer.close();
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(dir, files[0]!);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe('Сброс пароля');
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('ann@example.com');
    expect(parsed.from?.text).toContain('no-reply@localhost');
    expect(parsed.text).toContain('token=abc');
    expect(parsed.html).toContain('<a href="http://localhost:8080/reset-password?token=abc">');
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:8080\/u\/1>$/m);
    expect(lines).toEqual([expect.stringContaining(file)]);
    expect(lines[0]).toContain('link: http://localhost:8080/reset-password?token=abc');
  });
});
