import { useCallback, useState } from 'react';
import { addRecentSearch, readRecentSearches, writeRecentSearches } from '../recent-searches';

/** The user's recent searches (component state mirrored to localStorage). */
export function useRecentSearches(userId: string | null) {
  const [state, setState] = useState(() => ({ userId, list: readRecentSearches(userId) }));
  // Another user signed in: show theirs.
  const current = state.userId === userId ? state : { userId, list: readRecentSearches(userId) };
  if (current !== state) setState(current);

  const record = useCallback(
    (query: string) =>
      setState((previous) => {
        const list = addRecentSearch(previous.list, query);
        if (list[0] === previous.list[0] && list.length === previous.list.length) return previous;
        writeRecentSearches(previous.userId, list);
        return { ...previous, list };
      }),
    [],
  );
  const clear = useCallback(
    () =>
      setState((previous) => {
        writeRecentSearches(previous.userId, []);
        return { ...previous, list: [] };
      }),
    [],
  );
  return { searches: current.list, record, clear };
}
