import * as contracts from './api-contracts';
import { checkContract, type ContractAnswer, type ContractRequest } from './contract-check';

/**
 * The API contracts' own thread (lib/contracts.ts): building @platter/shared's schemas with zod
 * takes a few hundred milliseconds of a phone's CPU, and checking each answer some more, so both
 * happen here and the page's thread stays free for rendering and input. Answers come back as
 * structured clones of the parsed data.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ContractRequest>) => void) | null;
  postMessage(answer: ContractAnswer): void;
};

scope.onmessage = (event) => scope.postMessage(checkContract(contracts, event.data));
