// The landing's part of a locale, from vite.config.ts's landingMessages plugin (both locales have the same keys).
declare module 'virtual:landing-messages/*' {
  type LandingLocaleJson = typeof import('../../i18n/en.json');
  const messages: Pick<LandingLocaleJson, 'common' | 'nav' | 'site' | 'landing' | 'download'>;
  export default messages;
}
