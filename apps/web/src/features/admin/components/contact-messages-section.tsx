import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactMessages } from '../api/get-contact-messages';
import { formatMoment } from '../format';

/** What visitors wrote through the contact form, newest first. */
export function ContactMessagesSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const messages = useContactMessages();
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId} className="admin-section__title">
          {t('admin.contact.title')}
        </h2>
      </div>
      {messages.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : messages.isError ? (
        <p className="error-text" role="alert">
          {t('admin.loadError')}
        </p>
      ) : messages.data.items.length === 0 ? (
        <p className="status-text">{t('admin.contact.empty')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.contact.list')}>
          {messages.data.items.map((message) => (
            <li key={message.id} className="admin-item admin-message" data-testid="admin-contact-message">
              <p className="admin-message__subject">{message.subject || t('admin.contact.noSubject')}</p>
              <p className="admin-muted">
                {t('admin.contact.from')} {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
                <time dateTime={message.createdAt}>{formatMoment(message.createdAt, i18n.language)}</time>
              </p>
              <p className="admin-message__text">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
