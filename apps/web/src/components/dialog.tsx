import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import './dialog.css';

/*
 * Escape closes the topmost layer (a dialog, a sheet, a side panel) and nothing else. Every open
 * layer registers here; one keydown listener on the window, in the capture phase, runs before any
 * other handler (the player's shortcuts among them), closes the most recently opened layer and
 * keeps the key from everyone else. It also works when the focus has fallen back to the page body,
 * where a native <dialog> never hears the key.
 */
const layers: Array<{ close: () => void }> = [];

function onEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
  const top = layers.at(-1);
  if (!top) return;
  event.preventDefault();
  event.stopPropagation();
  top.close();
}

/** While `active`, Escape calls `close` unless a layer opened later is still open above it. */
export function useEscapeLayer(active: boolean, close: () => void) {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!active) return;
    const layer = { close: () => latest.current() };
    layers.push(layer);
    if (layers.length === 1) window.addEventListener('keydown', onEscape, true);
    return () => {
      layers.splice(layers.indexOf(layer), 1);
      if (layers.length === 0) window.removeEventListener('keydown', onEscape, true);
    };
  }, [active]);
}

/**
 * Drives a native `<dialog>` as a modal while `open`: focus trapping and the backdrop come from the
 * browser; Escape is an escape layer (above), the browser's other close requests arrive as `cancel`,
 * and a click on the backdrop closes. Spread the result onto the `<dialog>`.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEscapeLayer(open, onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A modal on the native `<dialog>`: focus trapping and the backdrop come from the browser; Escape
 * is an escape layer (above), and the browser's other close requests arrive as `cancel`.
 * 400 px wide, 95vw on narrow screens (SPEC 9).
 */
export function Dialog({ open, title, onClose, children, footer }: DialogProps) {
  const titleId = useId();
  const modal = useModalDialog(open, onClose);
  // The content renders from the first opening on (and stays, as a closed dialog's state always
  // did): a page with a dozen closed dialogs does not build them all at start.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <dialog {...modal} className="dialog" aria-labelledby={titleId}>
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {opened && children}
        {opened && footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </dialog>
  );
}
