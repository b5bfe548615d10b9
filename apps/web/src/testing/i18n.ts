import { configure } from '@testing-library/react';
import { i18n, i18nReady } from '../i18n/i18n';

// findBy…/waitFor give up after 1 s by default: on a 2-core machine running other suites beside
// these, a lazy chunk or a mocked request chain can take longer. Waiting longer only slows a failure.
configure({ asyncUtilTimeout: 10_000 });

// The locales are chunks loaded on demand: tests start once the first language's strings are in,
// as main.tsx renders only then, with the info pages' `documents` too (their route loads them).
await i18nReady;
await i18n.loadNamespaces('documents');

export { i18n };
