import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A miniature web Subsonic client of the journeys' own, as Feishin, Aonsoku or Airsonic Refix work:
 * one static page served from its own origin (another loopback port), which signs in with token
 * auth (t = md5(app password + salt), s = the salt; first a `ping?u=dummy&p=dummy` probe, as those
 * clients' sign-in screens send), calls /rest with `fetch` (JSON), shows covers with `<img>` and plays
 * with `<audio>`, and makes and deletes playlists (deletePlaylist with HTTP DELETE). Plain JS, no
 * build; the browser keeps its web security on, so every call must pass CORS.
 */
export const SUBSONIC_WEB_CLIENT_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mini Subsonic client</title></head>
<body>
<h1>Mini Subsonic client</h1>
<form id="sign-in">
  <label>Server <input name="server" id="server"></label>
  <label>Username <input name="username" id="username"></label>
  <label>Password <input name="password" id="password" type="password"></label>
  <button type="submit">Sign in</button>
</form>
<p id="status" role="status"></p>
<section id="library" hidden>
  <h2>Albums</h2><ul id="albums" aria-label="Albums"></ul>
  <h2>Artists</h2><ul id="artists" aria-label="Artists"></ul>
  <audio id="player" controls></audio>
  <h2>Playlists</h2>
  <button type="button" id="make-playlist">New playlist</button>
  <ul id="playlists" aria-label="Playlists"></ul>
</section>
<script>
${md5Source()}
let session = null;
const $ = (id) => document.getElementById(id);
const say = (text) => { $('status').textContent = text; };

function authParams() {
  const salt = Math.random().toString(36).slice(2, 10);
  return { u: session.username, t: md5(session.password + salt), s: salt, v: '1.16.1', c: 'mini-web', f: 'json' };
}
function url(method, params) {
  const query = new URLSearchParams({ ...authParams(), ...params });
  return session.server + '/rest/' + method + '?' + query;
}
async function api(method, params = {}, init = {}) {
  const response = await fetch(url(method, params), init);
  const body = (await response.json())['subsonic-response'];
  if (body.status !== 'ok') throw new Error(method + ': ' + body.error.code + ' ' + body.error.message);
  return body;
}

$('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  session = { server: $('server').value.replace(/\\/$/, ''), username: $('username').value, password: $('password').value };
  try {
    // The probe every sign-in screen of such clients sends first: is this a Subsonic server at all?
    const probe = await (await fetch(session.server + '/rest/ping.view?u=dummy&p=dummy&v=1.16.1&c=mini-web&f=json')).json();
    if (!probe['subsonic-response']) throw new Error('not a Subsonic server');
    await api('ping.view');
    say('Signed in as ' + session.username);
    await showLibrary();
  } catch (error) {
    say('Sign-in failed: ' + error.message);
  }
});

async function showLibrary() {
  const albums = (await api('getAlbumList2', { type: 'newest', size: '20' })).albumList2.album || [];
  $('albums').replaceChildren(...albums.map((album) => {
    const item = document.createElement('li');
    item.dataset.id = album.id;
    const cover = document.createElement('img');
    cover.alt = 'Cover of ' + album.name;
    cover.width = 48;
    if (album.coverArt) cover.src = url('getCoverArt', { id: album.coverArt, size: '96' });
    const play = document.createElement('button');
    play.type = 'button';
    play.textContent = 'Play ' + album.name;
    play.addEventListener('click', () => playAlbum(album.id).catch((error) => say(error.message)));
    item.append(cover, ' ', album.name + ' — ' + album.artist, ' ', play);
    return item;
  }));
  const index = (await api('getArtists')).artists.index || [];
  const artists = index.flatMap((letter) => letter.artist || []);
  $('artists').replaceChildren(...artists.map((artist) => {
    const item = document.createElement('li');
    const image = document.createElement('img');
    image.alt = 'Image of ' + artist.name;
    image.width = 48;
    // As such clients ask: the artist's image by the artist's own id.
    image.src = url('getCoverArt', { id: artist.id, size: '96' });
    item.append(image, ' ', artist.name);
    return item;
  }));
  await showPlaylists();
  $('library').hidden = false;
}

async function playAlbum(id) {
  const album = (await api('getAlbum', { id })).album;
  const song = album.song[0];
  session.song = song;
  const player = $('player');
  player.src = url('stream', { id: song.id });
  await player.play();
  say('Playing ' + song.title);
}

async function showPlaylists() {
  const playlists = (await api('getPlaylists')).playlists.playlist || [];
  $('playlists').replaceChildren(...playlists.map((playlist) => {
    const item = document.createElement('li');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Delete ' + playlist.name;
    remove.addEventListener('click', async () => {
      try {
        // Such clients delete with HTTP DELETE.
        await api('deletePlaylist', { id: playlist.id }, { method: 'DELETE' });
        say('Deleted ' + playlist.name);
      } catch (error) {
        say('Delete failed: ' + error.message);
      }
      await showPlaylists();
    });
    item.append(playlist.name + ' (' + playlist.songCount + ')', ' ', remove);
    return item;
  }));
}

$('make-playlist').addEventListener('click', async () => {
  try {
    const name = 'Mini mix ' + Date.now();
    const form = new URLSearchParams({ ...authParams(), name });
    if (session.song) form.append('songId', session.song.id);
    const response = await fetch(session.server + '/rest/createPlaylist.view', { method: 'POST', body: form });
    const body = (await response.json())['subsonic-response'];
    if (body.status !== 'ok') throw new Error(body.error.message);
    say('Created ' + name);
  } catch (error) {
    say('Create failed: ' + error.message);
  }
  await showPlaylists();
});
</script>
</body>
</html>
`;

/** Serves the page at `/` on 127.0.0.1 (port 0: any free one); the address is another origin than Platter's. */
export async function startSubsonicWebClient(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/' && !request.url?.startsWith('/?')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(SUBSONIC_WEB_CLIENT_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** MD5 (RFC 1321) of a UTF-8 string as hex, in plain JS for the page (Web Crypto has no MD5). */
function md5Source(): string {
  return `
function md5(text) {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  const words = new Array(((length + 8) >>> 6) * 16 + 16).fill(0);
  for (let i = 0; i < length; i++) words[i >> 2] |= bytes[i] << ((i % 4) * 8);
  words[length >> 2] |= 0x80 << ((length % 4) * 8);
  words[words.length - 2] = length * 8;
  const K = [];
  for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 4294967296) | 0;
  const R = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21];
  let a0 = 0x67452301, b0 = 0xefcdab89 | 0, c0 = 0x98badcfe | 0, d0 = 0x10325476;
  for (let chunk = 0; chunk < words.length - 15; chunk += 16) {
    let a = a0, b = b0, c = c0, d = d0;
    for (let i = 0; i < 64; i++) {
      let f, g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
      else { f = c ^ (b | ~d); g = (7 * i) % 16; }
      const sum = (a + f + K[i] + words[chunk + g]) | 0;
      a = d; d = c; c = b;
      b = (b + ((sum << R[i]) | (sum >>> (32 - R[i])))) | 0;
    }
    a0 = (a0 + a) | 0; b0 = (b0 + b) | 0; c0 = (c0 + c) | 0; d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0]) for (let i = 0; i < 4; i++) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}
`;
}
