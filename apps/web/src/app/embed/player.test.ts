// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseSource, fractionAt, mountEmbed } from './player';

/** The markup the server renders (apps/server/src/services/embed-html.ts), reduced to what the script reads. */
const PAGE = `<main class="embed">
  <button type="button" class="embed__play" aria-label="Play" data-state="paused"></button>
  <div class="embed__wave" role="slider" tabindex="0"><svg class="embed__bars"></svg><svg class="embed__bars embed__bars--played"></svg></div>
  <span class="embed__current">0:00</span><span class="embed__duration">1:40</span>
  <audio class="embed__audio" preload="none" src="/media/tracks/a.mp3"></audio>
</main>
<script type="application/json" id="embed-data">{"kind":"track","tracks":[{"id":"t 1","src":"/media/tracks/a.mp3","saver":null,"duration":100}],"words":{"play":"Play","pause":"Pause"}}</script>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('embed player', () => {
  it('reads a click on the waveform as a fraction of its width', () => {
    expect(fractionAt(150, { left: 100, width: 200 })).toBe(0.25);
    expect(fractionAt(50, { left: 100, width: 200 })).toBe(0);
    expect(fractionAt(500, { left: 100, width: 200 })).toBe(1);
    expect(fractionAt(10, { left: 0, width: 0 })).toBe(0);
  });

  it('plays the data-saver rendition only when the browser asks to save data and there is one', () => {
    const track = { id: 't', src: '/high.opus', saver: '/saver.opus', duration: 1 };
    expect(chooseSource(track, false)).toBe('/high.opus');
    expect(chooseSource(track, true)).toBe('/saver.opus');
    expect(chooseSource({ ...track, saver: null }, true)).toBe('/high.opus');
  });

  it('counts one listen per playback start: not on a resume, again after the end', () => {
    document.body.innerHTML = PAGE;
    const send = vi.fn((_url: string) => Promise.resolve());
    mountEmbed(document, send);
    const audio = document.querySelector('audio')!;
    audio.dispatchEvent(new Event('playing'));
    audio.dispatchEvent(new Event('pause'));
    audio.dispatchEvent(new Event('playing'));
    expect(send.mock.calls).toEqual([['/api/tracks/t%201/listens']]);
    audio.dispatchEvent(new Event('ended'));
    audio.dispatchEvent(new Event('playing'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('moves the time and the played part of the waveform with the arrow keys', () => {
    document.body.innerHTML = PAGE;
    mountEmbed(document, () => Promise.resolve());
    const wave = document.querySelector<HTMLElement>('.embed__wave')!;
    wave.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(document.querySelector('.embed__current')!.textContent).toBe('1:40');
    expect(wave.getAttribute('aria-valuenow')).toBe('100');
    wave.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.querySelector('.embed__current')!.textContent).toBe('1:35');
    expect(document.querySelector<SVGElement>('.embed__bars--played')!.style.clipPath).toBe('inset(0 5.00% 0 0)');
  });
});
