import { useEffect } from 'react';

/** A window event: something on the page asks for the sign-in form (the shell's top bar opens it). */
const SIGN_IN_EVENT = 'platter:sign-in';

/** Asks the app's shell to open its sign-in form (a "Please sign in" notice's button). */
export function requestSignIn(): void {
  window.dispatchEvent(new Event(SIGN_IN_EVENT));
}

/** Calls `onRequest` whenever something asks for the sign-in form (the top bar, which holds it). */
export function useSignInRequests(onRequest: () => void): void {
  useEffect(() => {
    window.addEventListener(SIGN_IN_EVENT, onRequest);
    return () => window.removeEventListener(SIGN_IN_EVENT, onRequest);
  }, [onRequest]);
}
