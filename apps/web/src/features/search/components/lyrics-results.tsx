import type { LyricsHit, LyricsSnippetLine, Track } from '@platter/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TrackList } from '../../../components/track-list/track-list';

/**
 * A snippet line as text and <mark> pieces. The server sends plain text and offsets, never HTML,
 * so React escapes every piece; marks out of order or out of range are skipped, not trusted.
 */
export function snippetPieces(line: LyricsSnippetLine): Array<{ text: string; marked: boolean }> {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const mark of line.marks) {
    const start = Math.max(mark.start, at);
    const end = Math.min(mark.end, line.text.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: line.text.slice(at, start), marked: false });
    pieces.push({ text: line.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < line.text.length) pieces.push({ text: line.text.slice(at), marked: false });
  return pieces;
}

/** The lyric lines a query matched, the match marked. */
export function LyricsSnippet({ lines }: { lines: readonly LyricsSnippetLine[] }) {
  return (
    <span className="lyrics-snippet" data-testid="lyrics-snippet">
      {lines.map((line, index) => (
        <span key={index} className="lyrics-snippet__line">
          {snippetPieces(line).map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
        </span>
      ))}
    </span>
  );
}

export interface LyricsResultsProps {
  hits: readonly LyricsHit[];
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/** "In lyrics": tracks whose lyrics hold the query, each with the line it matched; a row plays as any track row does. */
export function LyricsResults({ hits, activeTrackId, isPlaying, onPlay }: LyricsResultsProps) {
  const { t } = useTranslation();
  const tracks = useMemo(() => hits.map((hit) => hit.track), [hits]);
  return (
    <section className="search__section">
      <h2 className="search__heading">{t('lyricsSearch.heading')}</h2>
      <TrackList
        tracks={tracks}
        activeTrackId={activeTrackId}
        isPlaying={isPlaying}
        onPlay={onPlay}
        label={t('lyricsSearch.label')}
        renderRowDetail={(_track, index) => <LyricsSnippet lines={hits[index]?.lines ?? []} />}
      />
    </section>
  );
}
