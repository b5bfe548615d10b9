import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { whenFirstPainted } from '../../../lib/first-paint';
import { queryKeys } from '../../../lib/query-keys';
import { connectAudio } from '../audio-adapter';
import { usePlayerStore } from '../player-store';

function createDeck(): HTMLAudioElement {
  const audio = document.createElement('audio');
  audio.hidden = true;
  audio.preload = 'metadata';
  audio.dataset.testid = 'audio';
  return audio;
}

/**
 * The two hidden `<audio>` elements the player alternates between (gapless playback and
 * crossfade). Mount it once, above the routes, so navigation never stops the music. The element
 * playing the current entry is always the first in the document (moving a media element within
 * the document does not pause it), so `document.querySelector('audio')` is the one you hear.
 */
export function AudioOutput() {
  const ref = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const [primary, standby] = [createDeck(), createDeck()];
    container.append(primary, standby);
    primary.dataset.active = 'true';
    const disconnectAudio = connectAudio(primary, usePlayerStore, {
      standby,
      onActiveChange: (active) => {
        for (const deck of [primary, standby]) deck.dataset.active = String(deck === active);
        container.prepend(active);
      },
    });
    // The media session (lock screen, media keys) and the listens (counts, histories, the offline
    // queue) start after the first paint, in a chunk of their own: nothing plays before it, and
    // connectListens counts a play that reached `playing` before it connected.
    let stopped = false;
    let disconnectBackground = () => {};
    void whenFirstPainted()
      .then(() => Promise.all([import('../media-session'), import('../listens')]))
      .then(
        ([{ connectMediaSession }, { connectListens }]) => {
          if (stopped) return;
          const disconnectSession = connectMediaSession(usePlayerStore);
          const disconnectListens = connectListens(usePlayerStore, {
            isSignedIn: () => !!queryClient.getQueryData(queryKeys.me),
            onRecorded: () => void queryClient.invalidateQueries({ queryKey: queryKeys.history }),
          });
          disconnectBackground = () => {
            disconnectSession();
            disconnectListens();
          };
        },
        (error: unknown) => console.error('media session and listens not started', error),
      );
    return () => {
      stopped = true;
      disconnectAudio();
      disconnectBackground();
      primary.pause();
      standby.pause();
      primary.remove();
      standby.remove();
    };
  }, [queryClient]);

  return <div ref={ref} hidden className="audio-output" />;
}
