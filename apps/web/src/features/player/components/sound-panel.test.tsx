// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render';
import { EQ_FREQUENCIES, EQ_PRESETS } from '../equalizer';
import { initialPlayerState } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { SLEEP_OFF } from '../sleep-timer';
import { defaultSound, useSoundSettings } from '../sound-settings';
import { PlayerBar } from './player-bar';

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState(initialPlayerState);
  useSoundSettings.setState({ ...defaultSound, eqGains: [...defaultSound.eqGains], sleep: SLEEP_OFF, eqStatus: 'active', panelOpen: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function openSound() {
  renderApp(<PlayerBar />);
  fireEvent.click(screen.getByRole('button', { name: 'Sound' }));
  return screen.getByRole('dialog', { name: 'Sound' });
}

describe('the Sound panel', () => {
  it('opens from the player bar and sets the speed from 0.5× to 2×', () => {
    const dialog = openSound();
    const speed = within(dialog).getByLabelText('Playback speed');
    expect([...(speed as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×']);
    expect((speed as HTMLSelectElement).value).toBe('1');
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(useSoundSettings.getState().speed).toBe(1.5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(useSoundSettings.getState().panelOpen).toBe(false);
  });

  it('the equalizer: off, its bands are disabled; on, a preset moves the ten labelled sliders, and moving one makes it custom', () => {
    const dialog = openSound();
    const bands = () => EQ_FREQUENCIES.map((hz) => within(dialog).getByRole('slider', { name: `${hz.toLocaleString('en')} Hz band` }) as HTMLInputElement);
    expect(bands().every((band) => band.disabled)).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Equalizer on'));
    expect(useSoundSettings.getState().eqEnabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Preset'), { target: { value: 'bassBoost' } });
    expect(bands().map((band) => Number(band.value))).toEqual([...EQ_PRESETS.bassBoost]);
    expect(bands()[0]?.getAttribute('aria-valuetext')).toBe('+6 dB');
    fireEvent.change(bands()[9]!, { target: { value: '-4.5' } });
    expect(useSoundSettings.getState().eqGains[9]).toBe(-4.5);
    expect((within(dialog).getByLabelText('Preset') as HTMLSelectElement).value).toBe('custom');
    expect(within(dialog).getByRole('option', { name: 'Custom' })).toBeTruthy();
    expect(within(dialog).queryByTestId('eq-unavailable')).toBeNull();
  });

  it('says when the equalizer cannot process the media', () => {
    useSoundSettings.setState({ eqStatus: 'unavailable' });
    const dialog = openSound();
    expect(within(dialog).getByTestId('eq-unavailable').textContent).toContain('The equalizer cannot process this audio');
  });

  it('the sleep timer shows the time left, here and on the Sound button, and cancels', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const dialog = openSound();
    const sleep = within(dialog).getByLabelText('Sleep timer') as HTMLSelectElement;
    expect([...sleep.options].map((option) => option.textContent)).toEqual(['Off', '5 min', '15 min', '30 min', '45 min', '60 min', 'End of track']);
    fireEvent.change(sleep, { target: { value: '15' } });
    expect(screen.getByTestId('sleep-remaining').textContent).toBe('Pauses in 15:00');
    act(() => void vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('sleep-remaining').textContent).toBe('Pauses in 13:59');
    expect(screen.getByTestId('sleep-badge').textContent).toBe('13:59');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel timer' }));
    expect(useSoundSettings.getState().sleep).toEqual(SLEEP_OFF);
    expect(screen.queryByTestId('sleep-remaining')).toBeNull();
    expect(screen.queryByTestId('sleep-badge')).toBeNull();
    fireEvent.change(sleep, { target: { value: 'endOfTrack' } });
    expect(screen.getByTestId('sleep-remaining').textContent).toBe('Pauses at the end of this track');
  });
});
