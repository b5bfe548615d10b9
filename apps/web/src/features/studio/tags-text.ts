import { TAG_MAX_LENGTH, TRACK_TAGS_MAX } from '@platter/shared/constants';

/** Tags as typed (comma-separated) → normalised, distinct tags, as the server stores them. */
export function parseTagsText(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((tag) => tag.length > 0);
  return [...new Set(tags)];
}

/** What is wrong with typed tags (an i18n key of `releases.tags`), or null. The server checks again. */
export function tagsProblem(tags: readonly string[]): 'tooMany' | 'tooLong' | 'invalid' | null {
  if (tags.length > TRACK_TAGS_MAX) return 'tooMany';
  if (tags.some((tag) => [...tag].length > TAG_MAX_LENGTH)) return 'tooLong';
  if (tags.some((tag) => !/^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u.test(tag))) return 'invalid';
  return null;
}
