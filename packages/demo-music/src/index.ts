/**
 * `@platter/demo-music`: the demo catalogue Platter creates on a first start, made here rather than
 * shipped. What the server uses, and nothing more:
 *
 * - the catalogue: `DEMO_ARTISTS` and `demoTrackSpecs()` (every track's key, title, artist, genre,
 *   tempo, length and seed; the same on every machine);
 * - the music: `generateDemoTracks` renders specs to MP3 (with their waveform peaks) on a pool of
 *   worker threads;
 * - the artwork: `demoCoverSvg`, `demoAvatarSvg` and `demoBannerSvg` draw SVG from the same seeds
 *   (the server's image pipeline turns them into WebP).
 */
export { demoAvatarSvg, demoBannerSvg, demoCoverSvg } from './artwork.js';
export { DEMO_ARTISTS, DEMO_GENRES, DEMO_RELEASE_TRACKS, type DemoArtist, type DemoGenre, type DemoTrackSpec, demoTrackSpecs } from './catalogue.js';
export { type GenerateOptions, type GenerateResult, generateDemoTracks } from './generate.js';
