import type { ComponentType } from 'react';
import { AboutPage } from './about-page';
import { ContactPage } from './contact-page';
import { ForArtistPage } from './for-artist-page';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from './policy-pages';

export type InfoPageId = 'about' | 'forArtist' | 'contact' | 'privacyPolicy' | 'cookiePolicy' | 'termsOfService';

const PAGES: Record<InfoPageId, ComponentType> = {
  about: AboutPage,
  forArtist: ForArtistPage,
  contact: ContactPage,
  privacyPolicy: PrivacyPolicyPage,
  cookiePolicy: CookiePolicyPage,
  termsOfService: TermsOfServicePage,
};

/** The page of an info route. */
export function InfoPage({ page }: { page: InfoPageId }) {
  const Page = PAGES[page];
  return <Page />;
}
