import type { NotificationRow } from '../repositories/notification.repository.js';

export type DigestLocale = 'en' | 'ru';

export interface DigestContent {
  subject: string;
  text: string;
  html: string;
}

export interface DigestInput {
  locale: DigestLocale;
  name: string;
  /** The notifications listed, newest first. */
  items: NotificationRow[];
  /** How many more there were beyond `items`. */
  more: number;
  /** Absolute links: the notifications page, the settings where kinds are chosen, and the one-click unsubscribe page. */
  links: { notifications: string; settings: string; unsubscribe: string };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  en: {
    subject: (n: number) => (n === 1 ? 'Platter: 1 new notification' : `Platter: ${n} new notifications`),
    hello: (name: string) => `Hello ${name},`,
    intro: 'Here is what happened on Platter since your last digest:',
    someone: 'Someone',
    follow: (a: string) => `${a} followed you`,
    comment: (a: string, t: string) => `${a} commented on “${t}”`,
    reply: (a: string, t: string) => `${a} replied to your comment on “${t}”`,
    release: (a: string, t: string) => `${a} released “${t}”`,
    more: (n: number) => (n === 1 ? 'and 1 more' : `and ${n} more`),
    open: 'Open your notifications',
    why: 'You get this daily digest because you turned on notification emails in your Platter settings.',
    choose: 'Choose which kinds are emailed',
    unsubscribe: 'Unsubscribe from these emails',
  },
  ru: {
    subject: (n: number) => `Platter: новых уведомлений — ${n}`,
    hello: (name: string) => `Здравствуйте, ${name}!`,
    intro: 'Вот что произошло на Platter после прошлой сводки:',
    someone: 'Кто-то',
    follow: (a: string) => `${a} подписался(-ась) на вас`,
    comment: (a: string, t: string) => `${a} прокомментировал(а) «${t}»`,
    reply: (a: string, t: string) => `${a} ответил(а) на ваш комментарий к «${t}»`,
    release: (a: string, t: string) => `${a} выпускает «${t}»`,
    more: (n: number) => `и ещё ${n}`,
    open: 'Открыть уведомления',
    why: 'Вы получаете эту ежедневную сводку, потому что включили письма об уведомлениях в настройках Platter.',
    choose: 'Выбрать, о чём присылать письма',
    unsubscribe: 'Отписаться от этих писем',
  },
} as const;

/** One line of the digest for a notification, in the recipient's language; undefined for a kind never emailed. */
function line(locale: DigestLocale, row: NotificationRow): string | undefined {
  const w = WORDS[locale];
  const actor = row.actor_name?.trim() || w.someone;
  const title = row.release_title ?? row.track_title ?? '';
  switch (row.kind) {
    case 'follow':
      return w.follow(actor);
    case 'comment':
      return w.comment(actor, title) + (row.comment_text ? `: ${row.comment_text}` : '');
    case 'reply':
      return w.reply(actor, title) + (row.comment_text ? `: ${row.comment_text}` : '');
    case 'release':
      return w.release(actor, title);
    default:
      return undefined;
  }
}

/** The daily digest as plain text and HTML, in English or Russian. */
export function renderDigest(input: DigestInput): DigestContent {
  const w = WORDS[input.locale];
  const lines = input.items.flatMap((row) => line(input.locale, row) ?? []);
  const total = lines.length + input.more;
  const text = [
    w.hello(input.name),
    '',
    w.intro,
    '',
    ...lines.map((l) => `• ${l}`),
    ...(input.more > 0 ? [`• ${w.more(input.more)}`] : []),
    '',
    `${w.open}: ${input.links.notifications}`,
    '',
    '—',
    w.why,
    `${w.choose}: ${input.links.settings}`,
    `${w.unsubscribe}: ${input.links.unsubscribe}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escape(w.subject(total))}</title></head>
<body style="font-family: system-ui, sans-serif; color: #1b1b1f; max-width: 560px; margin: 0 auto; padding: 16px;">
<p>${escape(w.hello(input.name))}</p>
<p>${escape(w.intro)}</p>
<ul>
${lines.map((l) => `<li>${escape(l)}</li>`).join('\n')}${input.more > 0 ? `\n<li>${escape(w.more(input.more))}</li>` : ''}
</ul>
<p><a href="${escape(input.links.notifications)}">${escape(w.open)}</a></p>
<hr>
<p style="font-size: 13px; color: #55555f;">${escape(w.why)}<br>
<a href="${escape(input.links.settings)}">${escape(w.choose)}</a> · <a href="${escape(input.links.unsubscribe)}">${escape(w.unsubscribe)}</a></p>
</body></html>
`;
  return { subject: w.subject(total), text, html };
}
