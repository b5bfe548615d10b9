import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RichText } from './rich-text';
import './info-pages.css';

/** The info pages whose text is a document: a title, an introduction and sections in order. */
export type DocumentPageId = 'about' | 'forArtist' | 'privacyPolicy' | 'cookiePolicy' | 'termsOfService';

/** A paragraph, or a bulleted list (its items in order). */
type Block = string | Record<string, string>;
interface Section {
  title: string;
  body: Record<string, Block>;
}

/** When the policies last changed (shown as 'Last updated'): change it with their text. */
export const POLICIES_UPDATED = '2026-11-21';

function formatDay(isoDay: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

export interface DocumentPageProps {
  page: DocumentPageId;
  /** The day the text last changed (YYYY-MM-DD), shown under the title; policies have one. */
  updated?: string;
  /** Values for the texts' {{placeholders}}. */
  values?: Record<string, string>;
  /** Calls to action after the sections. */
  children?: ReactNode;
}

/**
 * Renders `<page>` of the `documents` translations: the title (also the document's), the introduction,
 * a table of contents linking to each section, and the sections, each an h2 and its paragraphs
 * and lists. The sections come in the order the translation lists them.
 */
export function DocumentPage({ page, updated, values, children }: DocumentPageProps) {
  const { t, i18n } = useTranslation();
  // Loaded with the info pages' chunk (app/router.tsx), so this never waits.
  const { t: doc } = useTranslation('documents');
  const contentsId = useId();
  const title = doc(`${page}.title`);
  const sections = Object.entries(
    doc(`${page}.sections`, { returnObjects: true, ...values }) as unknown as Record<string, Section>,
  );

  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);

  // A link to a section (/privacy-policy#cookies) arrives before this lazy page has rendered, so
  // the browser found nothing to scroll to: scroll once the section exists.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <article className="doc-page">
      <header className="doc-page__header">
        <h1 className="doc-page__title">{title}</h1>
        {updated && (
          <p className="doc-page__updated">
            {t('pages.doc.updated', { date: formatDay(updated, i18n.language) })}
          </p>
        )}
        <p className="doc-page__intro">{doc(`${page}.intro`)}</p>
      </header>
      <nav className="doc-page__contents" aria-labelledby={contentsId}>
        <p id={contentsId} className="doc-page__contents-title">
          {t('pages.doc.contents')}
        </p>
        <ol>
          {sections.map(([id, section]) => (
            <li key={id}>
              <a href={`#${id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([id, section]) => (
        <section key={id} id={id} className="doc-page__section" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="doc-page__section-title">
            {section.title}
          </h2>
          {Object.entries(section.body).map(([key, block]) =>
            typeof block === 'string' ? (
              <p key={key}>
                <RichText text={block} />
              </p>
            ) : (
              <ul key={key}>
                {Object.entries(block).map(([item, text]) => (
                  <li key={item}>
                    <RichText text={text} />
                  </li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      {children}
    </article>
  );
}
