/** SPEC 3: the terms stay accepted once `acceptedTerms` is 'true' in localStorage. */
export const TERMS_STORAGE_KEY = 'acceptedTerms';

export function hasAcceptedTerms(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(TERMS_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function acceptTerms(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(TERMS_STORAGE_KEY, 'true');
  } catch {
    // Storage refused: the modal closes for this visit and asks again next time.
  }
}
