import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from './contact-form';
import './info-pages.css';

/** `/contact`: the contact form, then the thank-you view (SPEC 4: idle, sending, thank-you). */
export function ContactPage() {
  const { t } = useTranslation();
  const title = t('contact.title');
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);

  return (
    <article className="doc-page contact-page">
      <header className="doc-page__header">
        <h1 className="doc-page__title">{title}</h1>
        <p className="doc-page__intro">{t('contact.intro')}</p>
      </header>
      {sentTo === null ? <ContactForm onSent={setSentTo} /> : <ContactThanks email={sentTo} onAnother={() => setSentTo(null)} />}
    </article>
  );
}

function ContactThanks({ email, onAnother }: { email: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: take their focus (and screen reader) to the outcome.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-page__thanks">
      <h2 ref={heading} tabIndex={-1} className="doc-page__section-title">
        {t('contact.thanks')}
      </h2>
      <p>{t('contact.thanksLine', { email })}</p>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('contact.another')}
      </button>
    </div>
  );
}
