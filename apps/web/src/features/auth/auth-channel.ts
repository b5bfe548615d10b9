/**
 * How windows tell each other the session changed. The Google popup reports through both a
 * BroadcastChannel (which survives the opener link being cut by the provider's pages) and
 * `window.opener.postMessage`; email sign-in in one tab reaches the other tabs the same way.
 */
export const AUTH_CHANNEL = 'platter-auth';
export const AUTH_POPUP_NAME = 'platter-auth';
export const AUTH_POPUP_FEATURES = 'width=500,height=650';

export interface AuthMessage {
  type: typeof AUTH_CHANNEL;
  error?: boolean;
}

export function isAuthMessage(data: unknown): data is AuthMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === AUTH_CHANNEL;
}

export function announceAuthChange(error = false): void {
  const message: AuthMessage = { type: AUTH_CHANNEL, error };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      // The opener navigated elsewhere; the BroadcastChannel message still arrives.
    }
  }
}

/** Calls `onChange` whenever another window reports a session change. Returns an unsubscribe. */
export function listenForAuthChanges(onChange: (message: AuthMessage) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isAuthMessage(event.data)) onChange(event.data);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (isAuthMessage(event.data)) onChange(event.data);
    };
  }
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}
