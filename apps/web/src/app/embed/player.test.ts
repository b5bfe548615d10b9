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
    // Compared as the DOM serializes it (jsdom 31, like browsers, reads 'inset(0 5.00% 0 0)' back as 'inset(0px 5% 0px 0px)').
    const expected = document.createElement('div');
    expected.style.clipPath = 'inset(0 5.00% 0 0)';
    expect(document.querySelector<SVGElement>('.embed__bars--played')!.style.clipPath).toBe(expected.style.clipPath);
  });

  it("plays a release's next track when one ends, redraws the waveform, and plays the track clicked in the list", () => {
    document.body.innerHTML = `<main class="embed" data-kind="release">
  <button type="button" class="embed__play" aria-label="Play" data-state="paused"></button>
  <span class="embed__now">One</span>
  <div class="embed__wave" role="slider" tabindex="0"><svg class="embed__bars"></svg><svg class="embed__bars embed__bars--played"></svg></div>
  <span class="embed__current">0:00</span><span class="embed__duration">0:10</span>
  <audio class="embed__audio" preload="none" src="/media/tracks/1.mp3"></audio>
  <ol class="embed__list"><li><button class="embed__item" data-index="0" aria-current="true"></button></li><li><button class="embed__item" data-index="1"></button></li><li><button class="embed__item" data-index="2"></button></li></ol>
</main>
<script type="application/json" id="embed-data">${JSON.stringify({
      kind: 'release',
      tracks: [
        { id: 'a', title: 'One', src: '/media/tracks/1.mp3', saver: null, duration: 10, peaks: [0.5, 0.5] },
        { id: 'b', title: 'Two', src: '/media/tracks/2.mp3?s=k', saver: null, duration: 20, peaks: [0.1, 0.9, 0.2] },
        { id: 'c', title: 'Three', src: '/media/tracks/3.mp3', saver: null, duration: 30, peaks: [] },
      ],
      words: { play: 'Play', pause: 'Pause' },
    })}</script>`;
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const send = vi.fn((_url: string) => Promise.resolve());
    mountEmbed(document, send);
    const audio = document.querySelector('audio')!;
    audio.dispatchEvent(new Event('playing'));
    audio.dispatchEvent(new Event('ended'));
    // On to the second track: its audio (with its secret), title, list mark and waveform.
    expect(audio.getAttribute('src')).toBe('/media/tracks/2.mp3?s=k');
    expect(play).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.embed__now')!.textContent).toBe('Two');
    expect(document.querySelector('[data-index="1"]')!.getAttribute('aria-current')).toBe('true');
    expect(document.querySelector('[data-index="0"]')!.hasAttribute('aria-current')).toBe(false);
    expect(document.querySelectorAll('.embed__bars--played rect')).toHaveLength(3);
    expect(document.querySelector('.embed__duration')!.textContent).toBe('0:20');
    audio.dispatchEvent(new Event('playing'));
    expect(send.mock.calls.map(([url]) => url)).toEqual(['/api/tracks/a/listens', '/api/tracks/b/listens']);

    // A click in the list plays that track.
    document.querySelector<HTMLButtonElement>('[data-index="2"]')!.click();
    expect(audio.getAttribute('src')).toBe('/media/tracks/3.mp3');
    expect(play).toHaveBeenCalledTimes(2);
    // The last track ends: nothing more plays.
    audio.dispatchEvent(new Event('ended'));
    expect(audio.getAttribute('src')).toBe('/media/tracks/3.mp3');
    expect(play).toHaveBeenCalledTimes(2);
    play.mockRestore();
  });
});

