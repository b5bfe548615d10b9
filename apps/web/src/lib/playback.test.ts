// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../testing/fixtures';
import { effectiveQuality, normalizationGain, offlineAudioUrl, renditionUrl, setOfflineAudioUrl, streamUrl, usePlaybackPreferences } from './playback';

const processed = makeTrack({
  id: 'flac',
  url: '/media/uploads/a/flac.flac',
  audio: { status: 'ready', sourceCodec: 'flac', sourceKbps: 900, loudness: -8, truePeak: -0.3, high: '/media/renditions/flac/high-1.mp3', saver: '/media/renditions/flac/saver-1.mp3' },
});

describe('what plays for a track', () => {
  beforeEach(() => {
    localStorage.clear();
    usePlaybackPreferences.setState({ quality: 'auto', normalize: true });
  });

  it('Auto is data saver when the browser asks to save data or the network is 3G-like, high otherwise', () => {
    expect(effectiveQuality('auto', undefined)).toBe('high');
    expect(effectiveQuality('auto', { effectiveType: '4g' })).toBe('high');
    expect(effectiveQuality('auto', { effectiveType: '3g' })).toBe('saver');
    expect(effectiveQuality('auto', { effectiveType: 'slow-2g' })).toBe('saver');
    expect(effectiveQuality('auto', { effectiveType: '4g', saveData: true })).toBe('saver');
    expect(effectiveQuality('high', { saveData: true })).toBe('high');
    expect(effectiveQuality('saver', undefined)).toBe('saver');
  });

  it('plays the rendition of the chosen quality, and the original where there is none', () => {
    expect(renditionUrl(processed, 'high')).toBe('/media/renditions/flac/high-1.mp3');
    expect(renditionUrl(processed, 'saver')).toBe('/media/renditions/flac/saver-1.mp3');
    const small = makeTrack({ id: 'small', url: '/media/small.mp3', audio: { ...processed.audio!, high: null, saver: null } });
    expect(renditionUrl(small, 'saver')).toBe('/media/small.mp3');
    // Saved by an older version of the app, before tracks had renditions.
    expect(renditionUrl({ url: '/media/old.mp3', audio: undefined }, 'high')).toBe('/media/old.mp3');
    expect(streamUrl(processed, 'saver')).toBe('/media/renditions/flac/saver-1.mp3');
  });

  it('plays the copy saved for offline listening whatever the quality now, until it is forgotten', () => {
    setOfflineAudioUrl('flac', '/media/renditions/flac/saver-1.mp3');
    expect(streamUrl(processed, 'high')).toBe('/media/renditions/flac/saver-1.mp3');
    setOfflineAudioUrl('flac', undefined);
    expect(offlineAudioUrl('flac')).toBeUndefined();
    expect(streamUrl(processed, 'high')).toBe('/media/renditions/flac/high-1.mp3');
  });

  it('through the element volume, turns a loud track down to −14 LUFS and never turns a quiet one up', () => {
    expect(normalizationGain(processed)).toBeCloseTo(10 ** (-6 / 20), 5);
    expect(normalizationGain(makeTrack({ id: 'quiet', audio: { ...processed.audio!, loudness: -20 } }))).toBe(1);
    expect(normalizationGain(makeTrack({ id: 'silent', audio: { ...processed.audio!, loudness: null } }))).toBe(1);
    expect(normalizationGain(makeTrack({ id: 'old', audio: undefined }))).toBe(1);
  });

  it('with a gain stage, raises a quiet track to −14 LUFS as far as its true peak stays under −1 dBTP', () => {
    const at = (loudness: number | null, truePeak: number | null) =>
      normalizationGain(makeTrack({ id: 'x', audio: { ...processed.audio!, loudness, truePeak } }), { raise: true });
    // +6 dB would reach −14 LUFS, but the −6 dBTP peak allows only +5 dB.
    expect(at(-20, -6)).toBeCloseTo(10 ** (5 / 20), 6);
    // Enough headroom: all the way to the target.
    expect(at(-20, -12)).toBeCloseTo(10 ** (6 / 20), 6);
    // Peaks already at the ceiling (or past it): as it is, never turned down for being quiet.
    expect(at(-16, -1)).toBe(1);
    expect(at(-16, 0.4)).toBe(1);
    // No measured peak: no raise. Loud tracks go down as without the stage.
    expect(at(-20, null)).toBe(1);
    expect(at(-8, -0.3)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(at(null, -3)).toBe(1);
  });

  it('remembers the quality and the normalization switch, refusing what it does not know', async () => {
    usePlaybackPreferences.getState().setQuality('saver');
    usePlaybackPreferences.getState().setNormalize(false);
    expect(JSON.parse(localStorage.getItem('platter-playback') ?? '{}').state).toEqual({ quality: 'saver', normalize: false });
    localStorage.setItem('platter-playback', JSON.stringify({ state: { quality: 'ultra', normalize: 'yes' }, version: 0 }));
    await usePlaybackPreferences.persist.rehydrate();
    expect(usePlaybackPreferences.getState()).toMatchObject({ quality: 'saver', normalize: false });
    localStorage.setItem('platter-playback', JSON.stringify({ state: { quality: 'high', normalize: true }, version: 0 }));
    await usePlaybackPreferences.persist.rehydrate();
    expect(usePlaybackPreferences.getState()).toMatchObject({ quality: 'high', normalize: true });
  });
});
