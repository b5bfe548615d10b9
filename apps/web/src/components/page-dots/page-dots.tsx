import { useTranslation } from 'react-i18next';
import { pageWindow } from './page-window';
import './page-dots.css';

interface PageDotsProps {
  page: number;
  pages: number;
  onSelect: (page: number) => void;
}

/**
 * The pages of a paged list (the spec's dots): Previous, the page numbers (the current one marked
 * aria-current="page"; far ones folded into "…") and Next, each with an accessible name.
 */
export function PageDots({ page, pages, onSelect }: PageDotsProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="page-dots" aria-label={t('library.pages')}>
      <button type="button" className="page-dots__step" aria-label={t('discover.previousPage')} title={t('discover.previousPage')} disabled={page <= 1} onClick={() => onSelect(page - 1)}>
        <span aria-hidden="true">‹</span>
      </button>
      {pageWindow(page, pages).map((slot, index) =>
        slot === 'gap' ? (
          <span key={`gap-${index}`} className="page-dots__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={slot}
            type="button"
            className="page-dots__dot"
            aria-label={t('library.page', { page: slot })}
            title={t('library.page', { page: slot })}
            aria-current={slot === page ? 'page' : undefined}
            onClick={() => onSelect(slot)}
          >
            {slot}
          </button>
        ),
      )}
      <button type="button" className="page-dots__step" aria-label={t('discover.nextPage')} title={t('discover.nextPage')} disabled={page >= pages} onClick={() => onSelect(page + 1)}>
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
