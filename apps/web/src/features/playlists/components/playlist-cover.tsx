import { Image } from '../../../components/image';
import './playlists.css';

export interface PlaylistCoverProps {
  /** The playlist's own cover, when it has one. */
  image?: string | null;
  /** The covers of its first tracks, in playlist order (null for a track without one). */
  covers: readonly (string | null)[];
  size: 'small' | 'large';
}

/** The covers a mosaic shows: the first four tracks that have one. */
export function mosaicCovers(covers: readonly (string | null)[]): string[] {
  return covers.filter((cover): cover is string => !!cover).slice(0, 4);
}

/**
 * A playlist's cover: its own if set, else a 2×2 mosaic of its first four track covers, else the
 * first cover alone (fewer than four), else the placeholder. Always the same fixed square.
 */
export function PlaylistCover({ image, covers, size }: PlaylistCoverProps) {
  const tiles = mosaicCovers(covers);
  const className = `playlist-cover playlist-cover--${size}`;
  if (image || tiles.length < 4) {
    return (
      <span className={className} data-testid="playlist-cover" aria-hidden="true">
        <Image className="playlist-cover__image" src={image || tiles[0]} alt="" />
      </span>
    );
  }
  return (
    <span className={`${className} playlist-cover--mosaic`} data-testid="playlist-cover" aria-hidden="true">
      {tiles.map((cover, index) => (
        <Image key={`${index}-${cover}`} className="playlist-cover__image" src={cover} alt="" />
      ))}
    </span>
  );
}
