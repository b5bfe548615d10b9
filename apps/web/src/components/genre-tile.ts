import './genre-tile.css';

/** The class names of a genre's tile ('Hip-Hop' → `genre-tile genre-tile--hip-hop`); `all` is the "All genres" tile. */
export function genreTileClassName(genre: string): string {
  return `genre-tile genre-tile--${genre.toLowerCase()}`;
}
