import { useTranslation } from 'react-i18next';

const FEATURES = ['offline', 'sync', 'exclusive', 'follow', 'discover', 'install'] as const;

/** Icons drawn inline (24-unit grid), so the section needs no image requests. */
const ICONS: Record<(typeof FEATURES)[number], string> = {
  offline: 'M12 3v11m0 0-4-4m4 4 4-4M5 17v2a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-2',
  sync: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4',
  exclusive: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  follow: 'M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0',
  discover: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4',
  install: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm4 17h2',
};

/** #discover: what SPEC 1's landing promises listeners. */
export function FeaturesSection({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="marketing" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="marketing__title">
        {t('landing.features.title')}
      </h2>
      <p className="marketing__lead">{t('landing.features.lead')}</p>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature} className="feature-card">
            <svg className="feature-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={ICONS[feature]} />
            </svg>
            <h3 className="feature-card__title">{t(`landing.features.${feature}.title`)}</h3>
            <p className="feature-card__text">{t(`landing.features.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
