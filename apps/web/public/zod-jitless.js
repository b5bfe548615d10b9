// Platter's CSP forbids eval, so zod's compiled parsers can never run in the browser, and its
// probe for eval (`new Function('')`, made when the first object schema is built) is reported by
// Chrome as a CSP violation. zod reads this global config when it loads; this deferred classic
// script runs before the app's module scripts (document order), so the probe never happens.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
