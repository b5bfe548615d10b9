import type { z } from 'zod';

/**
 * What the contract worker (lib/contract-worker.ts) is asked: check `text` (a response body, JSON
 * or empty) or `value` (data read back from storage) against the contract named `key`.
 */
export type ContractRequest = { id: number; key: string } & ({ text: string } | { value: unknown });

/** Its answer: the parsed (and stripped) data, or why it does not fit. */
export type ContractAnswer = { id: number; ok: true; data: unknown } | { id: number; ok: false; message: string };

function isSchema(candidate: unknown): candidate is z.ZodType {
  return typeof candidate === 'object' && candidate !== null && typeof (candidate as { safeParse?: unknown }).safeParse === 'function';
}

/**
 * Checks one request against `contracts` (lib/api-contracts.ts, or a test's own set). The same
 * function runs in the worker and, where there is no worker, on the page.
 */
export function checkContract(contracts: Readonly<Record<string, unknown>>, request: ContractRequest): ContractAnswer {
  const { id, key } = request;
  const schema = Object.hasOwn(contracts, key) ? contracts[key] : undefined;
  if (!isSchema(schema)) return { id, ok: false, message: `No API contract is named ${key}.` };
  let input: unknown;
  if ('text' in request) {
    try {
      input = request.text ? JSON.parse(request.text) : undefined;
    } catch (error) {
      return { id, ok: false, message: `The server's answer is not JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
  } else {
    input = request.value;
  }
  const result = schema.safeParse(input);
  if (result.success) return { id, ok: true, data: result.data };
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { id, ok: false, message: `The server's answer does not match ${key} (${issues.join('; ')}).` };
}
