import { paths } from '../../../config/paths';
import { AUTH_POPUP_FEATURES, AUTH_POPUP_NAME } from '../auth-channel';
import { loadAuthClient } from '../auth-client-loader';

export const SOCIAL_PROVIDERS = ['google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string | null): value is SocialProvider {
  return SOCIAL_PROVIDERS.includes(value as SocialProvider);
}

/**
 * Signs in with a provider inside a popup, so the main window (and its audio) stays put.
 * If the browser blocks the popup, the main window goes to the provider and comes back.
 */
export async function openSocialSignIn(provider: SocialProvider): Promise<void> {
  const popup = window.open(paths.authPopup.getHref(provider), AUTH_POPUP_NAME, AUTH_POPUP_FEATURES);
  if (popup) {
    popup.focus();
    return;
  }
  const back = `${window.location.pathname}${window.location.search}`;
  const { authClient, unwrapAuth } = await loadAuthClient();
  unwrapAuth(await authClient.signIn.social({ provider, callbackURL: back, errorCallbackURL: back }));
}

/** Runs inside the popup: navigates it to the provider, which later returns to /auth/done. */
export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  const { authClient, unwrapAuth } = await loadAuthClient();
  unwrapAuth(
    await authClient.signIn.social({
      provider,
      callbackURL: paths.authDone.getHref(),
      errorCallbackURL: paths.authDone.getHref(true),
    }),
  );
}
