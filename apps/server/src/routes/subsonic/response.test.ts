import { describe, expect, it } from 'vitest';
import { envelope, toJson, toXml } from './response.js';

describe('Subsonic answers', () => {
  const body = envelope('ok', {
    genres: { genre: [{ songCount: 2, albumCount: 1, value: 'R&B <live>' }] },
    artistInfo2: { biography: 'Line "one"\nline two', similarArtist: [] },
  });

  it('writes XML: scalars as attributes, arrays as repeated elements, value as text, escaped', () => {
    const xml = toXml(body);
    expect(xml).toContain('<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="platter"');
    expect(xml).toContain('<genre songCount="2" albumCount="1" value="R&amp;B &lt;live&gt;">R&amp;B &lt;live&gt;</genre>');
    // The XSD's element fields are elements.
    expect(xml).toContain('<artistInfo2><biography>Line "one"\nline two</biography></artistInfo2>');
    expect(toXml(envelope('ok', { song: { title: 'Line "one"\nline two' } }))).toContain('title="Line &quot;one&quot;&#10;line two"');
    // Characters XML 1.0 cannot hold are dropped rather than breaking the document.
    expect(toXml(envelope('ok', { song: { title: 'bad\u0001char' } }))).toContain('title="badchar"');
  });

  it('writes the same object as JSON under subsonic-response', () => {
    const json = JSON.parse(toJson(body));
    expect(json['subsonic-response']).toMatchObject({ status: 'ok', openSubsonic: true, genres: { genre: [{ songCount: 2, albumCount: 1, value: 'R&B <live>' }] } });
  });
});
