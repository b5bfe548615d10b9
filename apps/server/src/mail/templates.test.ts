import { describe, expect, it } from 'vitest';
import { mailLocale, renderMail } from './templates.js';

describe('mail templates', () => {
  it('words each kind in English and Russian, the link in the text and the HTML', () => {
    for (const kind of ['verify-email', 'reset-password'] as const) {
      const en = renderMail(kind, 'en', { name: 'Ann', url: 'https://p.example/x?token=abc&y=1' });
      const ru = renderMail(kind, 'ru', { name: 'Аня', url: 'https://p.example/x?token=abc&y=1' });
      expect(en.subject).not.toBe(ru.subject);
      expect(ru.subject).toMatch(/[а-я]/i);
      expect(en.text).toContain('https://p.example/x?token=abc&y=1');
      expect(ru.text).toContain('Аня');
      // The HTML escapes what it quotes: the & of the link's query becomes an entity.
      expect(en.html).toContain('href="https://p.example/x?token=abc&#38;y=1"');
      expect(ru.html).toContain('lang="ru"');
    }
    const change = renderMail('change-email', 'en', { name: 'Ann', url: 'https://p.example/v', newEmail: 'new@example.com' });
    expect(change.text).toContain('new@example.com');
  });

  it('escapes a name that holds markup', () => {
    const mail = renderMail('verify-email', 'en', { name: '<script>x</script>', url: 'https://p.example/v' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>x</script>');
  });

  it('takes the stored language, else the best supported one the browser asked for, else English', () => {
    expect(mailLocale({ stored: 'ru', acceptLanguage: 'en' })).toBe('ru');
    expect(mailLocale({ acceptLanguage: 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe('ru');
    expect(mailLocale({ acceptLanguage: 'de-DE,en;q=0.5,ru;q=0.7' })).toBe('ru');
    expect(mailLocale({ acceptLanguage: 'fr, en-GB;q=0.8' })).toBe('en');
    expect(mailLocale({ acceptLanguage: 'ru;q=0, en' })).toBe('en');
    expect(mailLocale({ stored: 'de', acceptLanguage: 'fr' })).toBe('en');
    expect(mailLocale({})).toBe('en');
  });
});
