import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscapeLayer } from '../../../components/dialog';
import './track-actions.css';

interface BottomSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A sheet anchored to the bottom of the screen. It closes on a press outside it and on Escape
 * (SPEC 4), and gives focus back to whatever opened it.
 */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // Escape closes the topmost layer only: this sheet, or a dialog opened above it.
  useEscapeLayer(true, onClose);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) close.current();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // A portal: no transformed ancestor (a sliding page) can pin the fixed sheet inside itself.
  return createPortal(
    <>
      <div className="sheet-backdrop" aria-hidden="true" />
      <div ref={ref} className="sheet" role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1}>
        <div className="sheet__grip" aria-hidden="true" />
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        {children}
      </div>
    </>,
    document.body,
  );
}
