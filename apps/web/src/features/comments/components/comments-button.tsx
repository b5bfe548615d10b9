import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from '../../../components/icons';
import './comments.css';

const CommentsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.4 3.67A1 1 0 0 1 4 18.9V5.5Zm4 3a1 1 0 0 0 0 2h8a1 1 0 1 0 0-2H8Zm0 3.5a1 1 0 1 0 0 2h5a1 1 0 1 0 0-2H8Z" />
  </Icon>
);

export interface CommentsButtonProps {
  open: boolean;
  disabled?: boolean;
  /** How many comments the track has (shown as a small badge). */
  count?: number;
  onToggle: () => void;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** Opens and closes the comments of the current track. */
export function CommentsButton({ open, disabled = false, count = 0, onToggle, className = '', ref }: CommentsButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className={`comments-button ${className}`}
      aria-label={t('comments.open')}
      title={t('comments.open')}
      aria-expanded={open}
      disabled={disabled}
      onClick={onToggle}
    >
      <CommentsIcon />
      {count > 0 && (
        <span className="comments-button__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
