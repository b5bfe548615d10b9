import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscapeLayer } from '../../../components/dialog';
import './track-actions.css';

interface BottomSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** Wide screens (the shell's sidebar layout, home.css): the sheet is a menu under its button instead. */
const MENU_QUERY = '(min-width: 769px)';
/** The gap kept between the menu and its button, and between the menu and the window's edges. */
const MARGIN = 8;

/** What the arrow keys move between: the menu's enabled buttons and links. */
const ITEMS = 'button:not(:disabled), a[href]';

/**
 * Where the menu goes: under its button, its right edge on the button's; above it when there is
 * no room below; always inside the window (it scrolls inside when the window is short).
 */
function menuPosition(anchor: DOMRect, menu: { width: number; height: number }): CSSProperties {
  const { innerWidth, innerHeight } = window;
  const height = Math.min(menu.height, innerHeight - 2 * MARGIN);
  let top = anchor.bottom + 4;
  if (top + height > innerHeight - MARGIN) top = anchor.top - 4 - height;
  top = Math.max(MARGIN, Math.min(top, innerHeight - MARGIN - height));
  const left = Math.max(MARGIN, Math.min(anchor.right - menu.width, innerWidth - MARGIN - menu.width));
  return { top, left };
}

/**
 * A track's actions. Narrow screens: a sheet anchored to the bottom of the screen. Wide screens: a
 * menu anchored to the button that opened it, inside the window whatever its height, whose
 * actions the arrow keys (and Home, End) move between. Either closes on a press outside it and
 * on Escape (SPEC 4), and gives focus back to whatever opened it.
 */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  // The opener (the '...' button just pressed) and whether the screen is wide, as they were on opening.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  const [menu] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(MENU_QUERY).matches && opener !== null);
  const [position, setPosition] = useState<CSSProperties | null>(null);

  // Escape closes the topmost layer only: this sheet, or a dialog opened above it.
  useEscapeLayer(true, onClose);

  useLayoutEffect(() => {
    if (!menu || !opener) return;
    const place = () => {
      const element = ref.current;
      if (!element) return;
      setPosition(menuPosition(opener.getBoundingClientRect(), { width: element.offsetWidth, height: element.scrollHeight }));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [menu, opener]);

  // Once it shows (a menu is placed first): a menu puts the focus on its first action, the sheet on itself (its title is read first).
  const shown = !menu || position !== null;
  const focused = useRef(false);
  useEffect(() => {
    if (!shown || focused.current) return;
    focused.current = true;
    const first = menu ? ref.current?.querySelector<HTMLElement>(ITEMS) : null;
    (first ?? ref.current)?.focus();
  }, [shown, menu]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) close.current();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      if (opener?.isConnected) opener.focus();
    };
  }, [menu, opener]);

  /** The menu's arrow keys: Down and Up to the next and previous action (round), Home and End to the first and last. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!menu || !ref.current) return;
    const target = event.target as HTMLElement;
    // A text field keeps its own keys.
    if (target.matches('input, textarea, select')) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(ITEMS)];
    if (items.length === 0) return;
    const at = items.indexOf(target);
    let next: number;
    if (event.key === 'ArrowDown') next = at < 0 ? 0 : (at + 1) % items.length;
    else if (event.key === 'ArrowUp') next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    items[next]?.focus();
  };

  // A portal: no transformed ancestor (a sliding page) can pin the fixed sheet inside itself.
  return createPortal(
    <>
      {!menu && <div className="sheet-backdrop" aria-hidden="true" />}
      <div
        ref={ref}
        className={menu ? 'sheet sheet--menu' : 'sheet'}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="track-actions-sheet"
        data-kind={menu ? 'menu' : 'sheet'}
        // Measured first (hidden), then placed by its button.
        style={menu ? (position ?? { visibility: 'hidden', top: 0, left: 0 }) : undefined}
        onKeyDown={onKeyDown}
      >
        {!menu && <div className="sheet__grip" aria-hidden="true" />}
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        {children}
      </div>
    </>,
    document.body,
  );
}
