import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

export const FILTER_DEBOUNCE_MS = 250;

interface TrackFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search box: typing is local and immediate; the URL follows once typing pauses. */
export function TrackFilter({ value, onChange }: TrackFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const lastSent = useRef(value);

  useEffect(() => {
    const next = debounced.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onChange(next);
  }, [debounced, onChange]);

  // A change that did not come from typing here (back button, a link) replaces the text.
  useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setText(value);
  }, [value]);

  return (
    <div className="track-filter">
      <label htmlFor={id} className="visually-hidden">
        {t('library.filterLabel')}
      </label>
      <SearchIcon className="track-filter__icon" />
      <input
        id={id}
        className="input track-filter__input"
        type="search"
        value={text}
        placeholder={t('library.filterPlaceholder')}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </div>
  );
}
