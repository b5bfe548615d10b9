import { useTranslation } from 'react-i18next';

/**
 * "RSS feed": the RSS 2.0 feed of an artist's or a public release's page (`<page>/feed.rss`, served
 * by the server beside the page; the page's head names it too), for feed readers and podcast apps.
 */
export function FeedLink({ pagePath }: { pagePath: string }) {
  const { t } = useTranslation();
  return (
    <a className="button button--secondary" href={`${pagePath}/feed.rss`} type="application/rss+xml" title={t('feeds.hint')} data-testid="rss-feed-link">
      {t('feeds.rss')}
    </a>
  );
}
