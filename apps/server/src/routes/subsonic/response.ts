/**
 * Subsonic answers in XML (the default) or JSON (`f=json`), from one description: an object whose
 * scalar fields are XML attributes, whose arrays are repeated child elements, whose nested objects
 * are child elements, and whose `value` field is an element's text (a genre's name, lyrics). JSON
 * is the same object as the OpenSubsonic JSON answers have it. A few text fields are elements
 * in the XSD (ELEMENT_FIELDS: an artist's biography and image URLs).
 */

export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'platter';
export const SERVER_VERSION = '1.0.0';

export type SubsonicValue = string | number | boolean | null | undefined | SubsonicObject | SubsonicValue[];
export interface SubsonicObject {
  [key: string]: SubsonicValue;
}

export type SubsonicFormat = 'xml' | 'json';

/** Text fields the XSD has as child elements, not attributes (ArtistInfoBase, AlbumInfo). */
const ELEMENT_FIELDS = new Set(['biography', 'musicBrainzId', 'lastFmUrl', 'smallImageUrl', 'mediumImageUrl', 'largeImageUrl', 'notes']);

/** The envelope every answer has: status, API version and the OpenSubsonic server fields. */
export function envelope(status: 'ok' | 'failed', payload: SubsonicObject): SubsonicObject {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true, ...payload };
}

export function toJson(body: SubsonicObject): string {
  return JSON.stringify({ 'subsonic-response': body });
}

export function toXml(body: SubsonicObject): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('subsonic-response', body, ' xmlns="http://subsonic.org/restapi"')}`;
}

function element(name: string, value: SubsonicObject, extra = ''): string {
  let attributes = extra;
  let children = '';
  let text = '';
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (Array.isArray(field)) {
      for (const item of field) {
        if (item === undefined || item === null) continue;
        children += typeof item === 'object' && !Array.isArray(item) ? element(key, item) : `<${key}>${escapeText(String(item))}</${key}>`;
      }
    } else if (typeof field === 'object') {
      children += element(key, field);
    } else if (ELEMENT_FIELDS.has(key)) {
      children += `<${key}>${escapeText(String(field))}</${key}>`;
    } else if (key === 'value') {
      // The element's text, as Subsonic servers write it; the published XSD also requires it as
      // an attribute (Genre's `value` is use="required"), so it is both.
      text = escapeText(String(field));
      attributes += ` value="${escapeAttribute(String(field))}"`;
    } else {
      attributes += ` ${key}="${escapeAttribute(String(field))}"`;
    }
  }
  const content = text + children;
  return content ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`;
}

/** Characters XML 1.0 cannot hold at all are dropped; the rest is escaped. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

const escapeText = (text: string) => clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
