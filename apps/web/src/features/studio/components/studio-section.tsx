import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Image } from '../../../components/image';

interface StudioSectionProps {
  title: string;
  query: Pick<UseQueryResult, 'isPending' | 'error'>;
  /** How many items loaded; 0 shows `empty` instead of the children. */
  count: number | undefined;
  empty: string;
  children: ReactNode;
}

/** One list of the studio, with its loading, failure and empty states. */
export function StudioSection({ title, query, count, empty, children }: StudioSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  let body: ReactNode = children;
  if (query.isPending) body = <p className="studio-section__status">{t('common.loading')}</p>;
  else if (query.error)
    body = (
      <p className="error-text" role="alert">
        {t('studio.loadFailed', { message: query.error.message })}
      </p>
    );
  else if (!count) body = <p className="studio-section__status">{empty}</p>;
  return (
    <section className="studio-section" aria-labelledby={id}>
      <h2 id={id} className="studio-section__title">
        {title}
      </h2>
      {body}
    </section>
  );
}

interface StudioItemProps {
  /** Its title (a link to its page) or text. */
  heading: ReactNode;
  /** The line of facts under it (genre, counts, badges). */
  meta: ReactNode;
  /** More under the facts (audio details, secret link). */
  details?: ReactNode;
  /** Its buttons (Edit, Delete...). */
  actions: ReactNode;
  pinned?: boolean;
  testId: string;
  /** Its cover thumbnail (undefined: none shown, null: the placeholder). */
  cover?: string | null;
}

/** One item of a studio list: heading, facts and details on the left, its buttons on the right. */
export function StudioItem({ heading, meta, details, actions, pinned = false, testId, cover }: StudioItemProps) {
  return (
    <li className={pinned ? 'studio-item studio-item--pinned' : 'studio-item'} data-testid={testId}>
      {cover !== undefined && <Image className="studio-item__cover" src={cover} alt="" width={48} height={48} loading="lazy" decoding="async" data-testid="studio-item-cover" />}
      <div className="studio-item__main">
        {heading}
        <span className="studio-item__meta">{meta}</span>
        {details}
      </div>
      <div className="studio-item__actions">{actions}</div>
    </li>
  );
}
