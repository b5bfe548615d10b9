/** SPEC 3: the studio's copyright notice stays accepted once `acceptedCopyright` is 'true' in localStorage. */
export const COPYRIGHT_STORAGE_KEY = 'acceptedCopyright';

export function hasAcceptedCopyright(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(COPYRIGHT_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function acceptCopyright(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(COPYRIGHT_STORAGE_KEY, 'true');
  } catch {
    // Storage refused: the notice closes for this visit and shows again next time.
  }
}
