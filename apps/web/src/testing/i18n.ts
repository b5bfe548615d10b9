import { i18n, i18nReady } from '../i18n/i18n';

// The locales are chunks loaded on demand: tests start once the first language's strings are in,
// as main.tsx renders only then.
await i18nReady;

export { i18n };
