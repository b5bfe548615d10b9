// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** workbox-window's Workbox, recording what the app asks of it. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, (() => void)[]>();
  return {
    url: '',
    listeners,
    emit: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
    messageSkipWaiting: vi.fn(),
  };
});

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      workbox.url = url;
    }
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve({ scope: 'http://localhost/' });
    }
    messageSkipWaiting() {
      workbox.messageSkipWaiting();
    }
  },
}));

describe('service worker registration and the Reload prompt', () => {
  it('registers /service-worker.js, reports a waiting version, and reloads into it', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { registerServiceWorker, reloadToUpdate, useUpdateAvailable } = await import('./pwa');
    await registerServiceWorker();
    expect(workbox.url).toBe('/service-worker.js');
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith('Service worker registered', 'http://localhost/'));

    const { result } = renderHook(() => useUpdateAvailable());
    expect(result.current).toBe(false);
    act(() => workbox.emit('waiting'));
    expect(result.current).toBe(true);

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    reloadToUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
