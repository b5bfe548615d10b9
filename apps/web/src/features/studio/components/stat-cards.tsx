import { useTranslation } from 'react-i18next';
import { useDashboard } from '../api/get-dashboard';

/** The stat cards read the dashboard's totals; the period does not change all-time totals. */
const STATS_DAYS = 7;

export function StatCards() {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard(STATS_DAYS);
  const totals = dashboard.data?.totals;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);
  const cards = [
    { label: t('studio.totalListens'), value: totals?.listens },
    { label: t('studio.totalSubscribers'), value: totals?.subscribers },
    { label: t('studio.totalLikes'), value: totals?.likes },
  ];
  return (
    <ul className="studio-stats" aria-label={t('studio.stats')}>
      {cards.map((card) => (
        <li key={card.label} className="studio-stat">
          <span className="studio-stat__label">{card.label}</span>
          <span className="studio-stat__value">{card.value === undefined ? (dashboard.error ? '–' : '…') : number.format(card.value)}</span>
        </li>
      ))}
    </ul>
  );
}
