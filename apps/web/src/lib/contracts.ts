import { whenFirstPainted } from './first-paint';

/**
 * @platter/shared's schemas (and zod) are not part of the first paint: `/home` paints from the
 * package's constants alone (`@platter/shared/constants`, `@platter/shared/format`) and checks
 * what the API answers with the schemas once they are in. Type-only imports of the package cost
 * nothing; a module on the first paint never imports a schema itself, it picks one from here
 * (`apiRequest(path, { schema: (c) => c.trackListSchema })`).
 */
export type Contracts = typeof import('./api-contracts');

let loading: Promise<Contracts> | undefined;

/** The contracts now: for work that cannot start without them (restoring a stored player queue). */
export function loadContracts(): Promise<Contracts> {
  return (loading ??= import('./api-contracts'));
}

/** The contracts once the page has painted (lib/first-paint.ts): what checks API answers waits here. */
export function contractsAfterFirstPaint(): Promise<Contracts> {
  return loading ?? whenFirstPainted().then(loadContracts);
}
