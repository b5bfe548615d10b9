import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

/**
 * The frame of every page outside the player shell: header nav, content, footer. Router-free, so
 * the prerendered landing (src/app/landing) uses it as it is; SiteLayout adds the router's links.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="site-layout">
      <a className="skip-link" href="#content">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="content" className="site-layout__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
