import { i18n, i18nReady } from '../i18n/i18n';

// The locales are chunks loaded on demand: tests start once the first language's strings are in,
// as main.tsx renders only then, with the info pages' `documents` too (their route loads them).
await i18nReady;
await i18n.loadNamespaces('documents');

export { i18n };
