import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseLibraryParams, writeLibraryParams, type LibraryParams } from '../library-params';

export function useLibraryParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseLibraryParams(search);
  const update = useCallback(
    (patch: Partial<LibraryParams>, options?: { replace?: boolean }) =>
      setSearch((current) => writeLibraryParams(current, patch), options),
    [setSearch],
  );
  return [params, update] as const;
}
