import type { z } from 'zod';
import { checkContract, type ContractAnswer, type ContractRequest } from './contract-check';
import { whenFirstPainted } from './first-paint';

/**
 * @platter/shared's schemas (and zod) never load on the page's thread for a first visit: `/home`
 * paints from the package's constants alone (`@platter/shared/constants`, `@platter/shared/format`),
 * and what the API answers is checked against its contract in a worker of its own
 * (lib/contract-worker.ts), which builds the schemas there. Type-only imports of the package cost
 * nothing; a module names the contract an answer must fit by its key
 * (`apiRequest(path, { schema: 'trackListSchema' })`).
 *
 * Where there is no worker (tests, a browser that refuses it, a worker that failed to load) the
 * same check runs on the page, with the schemas loaded there (`loadContracts`).
 */
export type Contracts = typeof import('./api-contracts');

/** The names of the contracts: the schemas lib/api-contracts.ts exports. */
export type ContractKey = { [K in keyof Contracts]: Contracts[K] extends z.ZodType ? K : never }[keyof Contracts];

/** What checking against contract `K` gives: the schema's output. */
export type ContractOutput<K extends ContractKey> = z.output<Contracts[K]>;

/** An answer (or stored data) that does not fit its contract. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

let loading: Promise<Contracts> | undefined;

/** The schemas on the page: for the checks without a worker and for work that needs a schema itself. */
export function loadContracts(): Promise<Contracts> {
  return (loading ??= import('./api-contracts'));
}

interface Waiting {
  request: ContractRequest;
  resolve(data: unknown): void;
  reject(error: Error): void;
}

/** The worker: undefined until first asked for, null where there is none (the page checks). */
let worker: Worker | null | undefined;
let starting: Promise<Worker | null> | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 1;

function settle(waiter: Waiting, answer: ContractAnswer): void {
  if (answer.ok) waiter.resolve(answer.data);
  else waiter.reject(new ContractError(answer.message));
}

function checkOnPage(waiter: Waiting): void {
  loadContracts().then(
    (contracts) => settle(waiter, checkContract(contracts, waiter.request)),
    (error: unknown) => waiter.reject(error instanceof Error ? error : new Error(String(error))),
  );
}

function startWorker(): Worker | null {
  if (typeof Worker !== 'function' || import.meta.env.MODE === 'test') return null;
  let created: Worker;
  try {
    created = new Worker(new URL('./contract-worker.ts', import.meta.url), { type: 'module', name: 'contracts' });
  } catch (error) {
    console.error('contract worker not started; answers are checked on the page', error);
    return null;
  }
  created.onmessage = (event: MessageEvent<ContractAnswer>) => {
    const waiter = waiting.get(event.data.id);
    if (!waiter) return;
    waiting.delete(event.data.id);
    settle(waiter, event.data);
  };
  // The worker's script did not load (offline before the app was cached) or it broke: what it was
  // asked, and everything after, is checked on the page.
  created.onerror = (event) => {
    event.preventDefault();
    console.error('contract worker failed; answers are checked on the page', event.message);
    created.terminate();
    worker = null;
    const stranded = [...waiting.values()];
    waiting.clear();
    for (const waiter of stranded) checkOnPage(waiter);
  };
  return created;
}

/** The worker, started once the page has painted (its script and the schemas' chunk wait for that). */
function contractWorker(): Promise<Worker | null> {
  if (worker !== undefined) return Promise.resolve(worker);
  return (starting ??= whenFirstPainted().then(() => (worker ??= startWorker())));
}

/**
 * Checks `input` against the contract named `key`: `text`, an API answer's body (empty or JSON),
 * or `value`, data read back from storage. Resolves with the parsed data (unknown keys stripped);
 * rejects with a ContractError when it does not fit.
 */
export function checkAgainstContract<K extends ContractKey>(key: K, input: { text: string } | { value: unknown }): Promise<ContractOutput<K>> {
  return new Promise<unknown>((resolve, reject) => {
    const waiter: Waiting = { request: { id: nextId++, key, ...input }, resolve, reject };
    void contractWorker().then((current) => {
      if (!current) return checkOnPage(waiter);
      waiting.set(waiter.request.id, waiter);
      current.postMessage(waiter.request);
    });
  }) as Promise<ContractOutput<K>>;
}
