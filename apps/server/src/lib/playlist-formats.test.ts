import { describe, expect, it } from 'vitest';
import { PlaylistFileError, detectFormat, parsePlaylistFile, writeM3u8, writeXspf } from './playlist-formats.js';

const tracks = [
  { url: 'https://platter.example/track/t1', title: 'Rock & Roll <live>', artist: 'Ann "A" Smith', album: 'Night & Day', duration: 61.4, imageUrl: null },
  { url: 'https://platter.example/track/t2', title: 'Тишина', artist: 'Кино', album: null, duration: null, imageUrl: 'https://platter.example/media/c.jpg' },
];

describe('playlist files', () => {
  it('writes M3U8 that reads back to the same entries', () => {
    const file = writeM3u8('Road\ntrip', tracks);
    expect(file.startsWith('#EXTM3U\n#PLAYLIST:Road trip\n#EXTINF:61,Ann "A" Smith - Rock & Roll <live>\nhttps://platter.example/track/t1\n')).toBe(true);
    const read = parsePlaylistFile(file);
    expect(read.title).toBe('Road trip');
    expect(read.entries).toEqual([
      { location: 'https://platter.example/track/t1', artist: 'Ann "A" Smith', title: 'Rock & Roll <live>', duration: 61 },
      { location: 'https://platter.example/track/t2', artist: 'Кино', title: 'Тишина', duration: null },
    ]);
  });

  it('writes XSPF (escaped, durations in ms) that reads back to the same entries', () => {
    const file = writeXspf('Mix & match', tracks, 'https://platter.example/playlist/p1');
    expect(detectFormat(file)).toBe('xspf');
    expect(file).toContain('<playlist version="1" xmlns="http://xspf.org/ns/0/">');
    expect(file).toContain('<title>Rock &amp; Roll &lt;live&gt;</title>');
    expect(file).toContain('<duration>61400</duration>');
    const read = parsePlaylistFile(file);
    expect(read.title).toBe('Mix & match');
    expect(read.entries).toEqual([
      { location: 'https://platter.example/track/t1', title: 'Rock & Roll <live>', artist: 'Ann "A" Smith', duration: 61.4 },
      { location: 'https://platter.example/track/t2', title: 'Тишина', artist: 'Кино', duration: null },
    ]);
  });

  it('reads plain M3U from other players: bare paths name their tracks by file name', () => {
    const read = parsePlaylistFile('\uFEFFMusic/Kino - Gruppa krovi.mp3\r\n# a comment\r\n/home/me/Solo%20Song.flac\r\nhttps://radio.example/stream\r\n');
    expect(read.entries).toEqual([
      { location: 'Music/Kino - Gruppa krovi.mp3', artist: 'Kino', title: 'Gruppa krovi', duration: null },
      { location: '/home/me/Solo%20Song.flac', artist: null, title: 'Solo Song', duration: null },
      { location: 'https://radio.example/stream', artist: null, title: null, duration: null },
    ]);
  });

  it('refuses what is not a playlist, with a reason', () => {
    expect(() => parsePlaylistFile('')).toThrow(PlaylistFileError);
    expect(() => parsePlaylistFile('<html><body>hi</body></html>')).toThrow(/no <playlist> element/);
    expect(() => parsePlaylistFile('<playlist><trackList><track></playlist>')).toThrow(/not well-formed/);
  });
});
