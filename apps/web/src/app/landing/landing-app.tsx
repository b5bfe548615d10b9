import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { SiteFrame } from '../../components/layout/site-frame';
import { LandingPage } from '../../features/marketing/components/landing-page';
import '../../styles/global.css';

/**
 * The landing (`/`) as a page of its own: the site frame with plain links and the landing's
 * sections. No router, no sign-in, no player: prerendered at build time (scripts/prerender-landing.mjs
 * with ./server.tsx), hydrated by ./main.tsx.
 */
export function LandingApp({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteFrame>
          <LandingPage />
        </SiteFrame>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
