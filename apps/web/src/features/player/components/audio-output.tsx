import { useEffect, useRef } from 'react';
import { connectAudio } from '../audio-adapter';
import { connectMediaSession } from '../media-session';
import { usePlayerStore } from '../player-store';

/** The hidden `<audio>` element. Mount it once, above the routes, so navigation never stops the music. */
export function AudioOutput() {
  const ref = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    const disconnectAudio = connectAudio(audio, usePlayerStore);
    const disconnectSession = connectMediaSession(usePlayerStore);
    return () => {
      disconnectAudio();
      disconnectSession();
    };
  }, []);

  return <audio ref={ref} hidden preload="metadata" data-testid="audio" />;
}
