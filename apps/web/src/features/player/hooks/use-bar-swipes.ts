import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { NARROW_QUERY, SWIPE_MARKER_MS, swipeDirection, type SwipeDirection } from '../swipe';

/**
 * Touch swipes on the player bar, on narrow screens only (SPEC 2): left = previous,
 * right = next, up = open full screen, down = close it. Each swipe shows a marker for 300 ms.
 * A touch that starts on a slider belongs to the slider.
 */
export function useBarSwipes() {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [marker, setMarker] = useState<{ direction: SwipeDirection; seq: number } | null>(null);

  useEffect(() => {
    if (!marker) return;
    const timer = setTimeout(() => setMarker(null), SWIPE_MARKER_MS);
    return () => clearTimeout(timer);
  }, [marker]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    const onSlider = event.target instanceof Element && event.target.closest('input, [role="slider"], .up-next');
    const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
    start.current = touch && !onSlider && narrow && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  };

  const onTouchEnd = (event: TouchEvent) => {
    const from = start.current;
    start.current = null;
    const touch = event.changedTouches[0];
    if (!from || !touch) return;
    const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y);
    if (!direction) return;
    const { dispatch, fullScreen } = usePlayerStore.getState();
    if (direction === 'left') dispatch(playerActions.previous());
    else if (direction === 'right') dispatch(playerActions.next());
    else if ((direction === 'up') !== fullScreen) dispatch(playerActions.toggleFullScreen());
    setMarker((previous) => ({ direction, seq: (previous?.seq ?? 0) + 1 }));
  };

  return {
    marker,
    handlers: { onTouchStart, onTouchEnd, onTouchCancel: () => {
      start.current = null;
    } },
  };
}
