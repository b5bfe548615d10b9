/** Who is looking at the comments: decides the form and which Delete buttons show (the server enforces it). */
export interface CommentsViewer {
  id: string;
  isAdmin: boolean;
}

/** The player, as far as comments care, while the panel's track is the current one. */
export interface CommentsPlayback {
  /** While it plays, 'At current time' is on by default. */
  playing: boolean;
  /** Seconds into the track now. */
  currentTime: () => number;
}
