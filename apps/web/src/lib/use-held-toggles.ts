import { useState } from 'react';

/**
 * Checkboxes whose value is the server's, holding a click from the click itself.
 *
 * React puts a controlled box back to its value right after the change event, and here that value
 * only changes once the query cache does (the server's answer, or an optimistic write a tick
 * later), so the box would flip back until then: a person sees it blink, and a click read at once
 * sees no change. A hold is kept against the answer it was made on: `shown(key)` is the clicked
 * value until the server's data changes (its answer, or an optimistic write of the same value),
 * or until `release` (a refused change).
 */
export function useHeldToggles<K extends string>(server: Readonly<Record<K, boolean>> | undefined) {
  const [held, setHeld] = useState<{ readonly base: typeof server; readonly values: Partial<Record<K, boolean>> }>({ base: undefined, values: {} });
  const current: Partial<Record<K, boolean>> = held.base === server ? held.values : {};

  return {
    shown: (key: K): boolean => current[key] ?? server?.[key] ?? false,
    hold: (key: K, on: boolean) =>
      setHeld((before) => ({ base: server, values: { ...(before.base === server ? before.values : {}), [key]: on } })),
    release: (key: K) =>
      setHeld((before) => {
        if (!(key in before.values)) return before;
        const values = { ...before.values };
        delete values[key];
        return { base: before.base, values };
      }),
  };
}
