import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createLandingI18n } from './i18n';
import { LandingApp } from './landing-app';
import en from './messages-en';

/** The landing's HTML in English, rendered at build time (scripts/prerender-landing.mjs) into landing.html. */
export function render(): string {
  return renderToString(<LandingApp i18n={createLandingI18n('en', en)} queryClient={new QueryClient()} />);
}
