import { useTranslation } from 'react-i18next';
import { pageWindow } from './page-window';
import './page-dots.css';

interface PageDotsProps {
  page: number;
  pages: number;
  onSelect: (page: number) => void;
}

export function PageDots({ page, pages, onSelect }: PageDotsProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="page-dots" aria-label={t('library.pages')}>
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
          />
        ),
      )}
    </nav>
  );
}
