// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, promptInstall, useInstallPrompt } from './install-prompt';

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return event;
}

describe('install prompt', () => {
  it('holds the install event, offers it once, and reports the choice', async () => {
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    const { result } = renderHook(() => useInstallPrompt());
    expect(result.current.canInstall).toBe(false);
    expect(await promptInstall()).toBe('unavailable');

    const event = installEvent('accepted');
    act(() => {
      target.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(result.current.canInstall).toBe(true);

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.promptInstall();
    });
    expect(outcome).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(result.current.canInstall).toBe(false);

    act(() => {
      target.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current.installed).toBe(true);
  });
});
