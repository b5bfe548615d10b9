/**
 * Platter's emails, worded in English and Russian: a kind and its data give the subject, the plain
 * text and the HTML. The recipient's language is `mailLocale(...)`: Platter stores no language per
 * user, so it is the one the person's browser asked for (Accept-Language) when the mail arose,
 * English otherwise. A new kind is a member of MailTemplateData and one entry in TEMPLATES.
 */
export type MailLocale = 'en' | 'ru';

export const MAIL_LOCALES: readonly MailLocale[] = ['en', 'ru'];

/** Every kind of email and what it needs. `url` is the link the person follows. */
export interface MailTemplateData {
  /** A new account's address: follow the link to verify it. */
  'verify-email': { name: string; url: string };
  /** An address the person asked to change to: follow the link to confirm it. */
  'change-email': { name: string; url: string; newEmail: string };
  /** "Forgot password?": follow the link to choose a new password (valid one hour). */
  'reset-password': { name: string; url: string };
  /** "Download my data": the archive is ready; `url` is the settings page that offers it, `expiresAt` when it goes (already worded for the locale). */
  'data-export-ready': { name: string; url: string; expiresAt: string };
  /** To the old address once an email change is done: where the account went, and where to check it. */
  'email-changed': { name: string; url: string; newEmail: string };
}

export type MailKind = keyof MailTemplateData;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One template: the words of both languages; the layout is shared. */
interface Template<D> {
  subject: (data: D) => string;
  /** Paragraphs before the button. */
  lead: (data: D) => string[];
  button: string;
  /** Paragraphs after it (why the person got this, what to do if it was not them). */
  after: (data: D) => string[];
}

type Templates = { [K in MailKind]: Record<MailLocale, Template<MailTemplateData[K]>> };

const TEMPLATES: Templates = {
  'verify-email': {
    en: {
      subject: () => 'Confirm your email for Platter',
      lead: ({ name }) => [`Hi ${name},`, 'Confirm that this is your email address to finish setting up your Platter account.'],
      button: 'Confirm my email',
      after: () => ['The link works for 24 hours.', 'If you did not create a Platter account, ignore this email: nothing happens without the link.'],
    },
    ru: {
      subject: () => 'Подтвердите почту для Platter',
      lead: ({ name }) => [`Здравствуйте, ${name}!`, 'Подтвердите, что это ваш адрес, чтобы закончить регистрацию в Platter.'],
      button: 'Подтвердить почту',
      after: () => ['Ссылка действует 24 часа.', 'Если вы не регистрировались в Platter, просто не обращайте внимания на это письмо: без ссылки ничего не произойдёт.'],
    },
  },
  'change-email': {
    en: {
      subject: () => 'Confirm your new email for Platter',
      lead: ({ name, newEmail }) => [`Hi ${name},`, `You asked to use ${newEmail} for your Platter account. Confirm it to make the change.`],
      button: 'Confirm the new email',
      after: () => ['The link works for 24 hours.', 'If you did not ask for this, ignore this email: your address stays as it is.'],
    },
    ru: {
      subject: () => 'Подтвердите новую почту для Platter',
      lead: ({ name, newEmail }) => [`Здравствуйте, ${name}!`, `Вы попросили использовать адрес ${newEmail} для входа в Platter. Подтвердите его, чтобы изменить адрес.`],
      button: 'Подтвердить новый адрес',
      after: () => ['Ссылка действует 24 часа.', 'Если вы этого не просили, не обращайте внимания на письмо: адрес останется прежним.'],
    },
  },
  'reset-password': {
    en: {
      subject: () => 'Reset your Platter password',
      lead: ({ name }) => [`Hi ${name},`, 'Someone (hopefully you) asked to reset the password of your Platter account. Choose a new one here:'],
      button: 'Choose a new password',
      after: () => [
        'The link works once, for one hour. Resetting signs out every other device.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
    },
    ru: {
      subject: () => 'Сброс пароля Platter',
      lead: ({ name }) => [`Здравствуйте, ${name}!`, 'Кто-то (надеемся, вы) попросил сбросить пароль вашей учётной записи Platter. Задайте новый пароль здесь:'],
      button: 'Задать новый пароль',
      after: () => [
        'Ссылка работает один раз и действует один час. После сброса все другие устройства выйдут из учётной записи.',
        'Если вы этого не просили, не обращайте внимания на письмо: пароль останется прежним.',
      ],
    },
  },
  'data-export-ready': {
    en: {
      subject: () => 'Your Platter data is ready to download',
      lead: ({ name }) => [
        `Hi ${name},`,
        'The archive of your Platter data you asked for is ready: your profile, tracks (the original files), releases, playlists, likes, listening history, comments, posts and follows, as a ZIP file.',
      ],
      button: 'Open my settings to download it',
      after: ({ expiresAt }) => [
        `You can download it until ${expiresAt}, signed in to your account; after that it is deleted.`,
        'If you did not ask for this, sign in and change your password: someone else may have used your account.',
      ],
    },
    ru: {
      subject: () => 'Ваши данные Platter готовы к скачиванию',
      lead: ({ name }) => [
        `Здравствуйте, ${name}!`,
        'Архив ваших данных Platter, который вы запросили, готов: профиль, треки (исходные файлы), релизы, плейлисты, лайки, история прослушивания, комментарии, записи и подписки в одном ZIP-файле.',
      ],
      button: 'Открыть настройки и скачать',
      after: ({ expiresAt }) => [
        `Скачать архив можно до ${expiresAt}, войдя в свою учётную запись; потом он будет удалён.`,
        'Если вы не запрашивали архив, войдите и смените пароль: возможно, вашей учётной записью воспользовался кто-то другой.',
      ],
    },
  },
  'email-changed': {
    en: {
      subject: () => 'Your Platter email was changed',
      lead: ({ name, newEmail }) => [`Hi ${name},`, `The email of your Platter account is now ${newEmail}: the change was confirmed from that address. This address no longer signs in.`],
      button: 'Review my account',
      after: () => [
        'If this was you, there is nothing to do.',
        'If it was not, someone has your password: reset it from the sign-in form with your new address, or write to the Platter team from the contact page.',
      ],
    },
    ru: {
      subject: () => 'Почта вашей учётной записи Platter изменена',
      lead: ({ name, newEmail }) => [`Здравствуйте, ${name}!`, `Теперь почта вашей учётной записи Platter — ${newEmail}: изменение подтверждено с этого адреса. Этот адрес больше не подходит для входа.`],
      button: 'Проверить учётную запись',
      after: () => [
        'Если это были вы, ничего делать не нужно.',
        'Если нет, кто-то знает ваш пароль: сбросьте его в форме входа с новым адресом или напишите команде Platter со страницы контактов.',
      ],
    },
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The subject, plain text and HTML of one email of `kind` in `locale`. */
export function renderMail<K extends MailKind>(kind: K, locale: MailLocale, data: MailTemplateData[K]): RenderedMail {
  const template = (TEMPLATES[kind] as Record<MailLocale, Template<MailTemplateData[K]>>)[locale];
  const lead = template.lead(data);
  const after = template.after(data);
  const text = [...lead, '', `${template.button}: ${data.url}`, '', ...after, '', '— Platter'].join('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">`,
    ...lead.map(paragraph),
    `<p style="margin:24px 0"><a href="${escapeHtml(data.url)}" style="background:#ff5500;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(template.button)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(data.url)}</p>`,
    ...after.map(paragraph),
    '<p style="margin:0;color:#777">— Platter</p></body></html>',
  ].join('\n');
  return { subject: template.subject(data), text, html };
}

/**
 * The language of an email: `stored` when the person chose one, else the first language of an
 * Accept-Language header (by its q-values) that Platter writes in, else English.
 */
export function mailLocale({ stored, acceptLanguage }: { stored?: string | null; acceptLanguage?: string | null }): MailLocale {
  const supported = (tag: string | null | undefined): MailLocale | undefined => {
    const base = tag?.trim().toLowerCase().split('-')[0];
    return MAIL_LOCALES.find((locale) => locale === base);
  };
  const chosen = supported(stored);
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  return 'en';
}
