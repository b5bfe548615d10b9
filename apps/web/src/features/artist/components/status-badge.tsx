import type { Status } from '@platter/shared';
import { useTranslation } from 'react-i18next';

/** creator, premium and artist get a badge; a plain user gets none. */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status === 'user') return null;
  return (
    <span className={`status-badge status-badge--${status}`} data-testid="status-badge">
      {t(`artist.badge.${status}`)}
    </span>
  );
}
