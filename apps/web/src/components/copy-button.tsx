import { useState } from 'react';
import { copyText } from '../lib/share-links';
import './copy-button.css';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  label: string;
  /** What the status line says once copied. */
  copied: string;
  /** What it says when the browser refuses the clipboard: the text, to copy by hand. */
  fallback: string;
  className?: string;
  testId?: string;
}

/**
 * A button that copies `text` and says so in a polite live region beside it (not role=status: the
 * page may have its own status line); the Share and Copy embed code buttons.
 */
export function CopyButton({ text, label, copied, fallback, className = 'button button--secondary', testId }: CopyButtonProps) {
  const [status, setStatus] = useState('');
  return (
    <span className="share-button">
      <button type="button" className={className} data-testid={testId} onClick={() => void copyText(text).then((done) => setStatus(done ? copied : fallback))}>
        {label}
      </button>
      <span aria-live="polite" className="share-button__status">
        {status}
      </span>
    </span>
  );
}
