import type { Status } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import './status-badge.css';

/**
 * A profile's status as a badge: creator, premium and artist get one; a plain user gets none.
 * Shared because artist pages and posts show it alike.
 */
export function StatusBadge({ status, className = '' }: { status: Status; className?: string }) {
  const { t } = useTranslation();
  if (status === 'user') return null;
  return (
    <span className={`status-badge status-badge--${status} ${className}`.trim()} data-testid="status-badge">
      {t(`artist.badge.${status}`)}
    </span>
  );
}
