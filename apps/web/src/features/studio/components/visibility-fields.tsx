import type { TrackVisibility } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What the upload form and the edit dialog ask about a track's visibility: public, unlisted or private, a scheduled release, downloads. */
export interface VisibilityValue {
  visibility: TrackVisibility;
  /** A `datetime-local` value (the artist's local time), or '' for no schedule. */
  publishAt: string;
  downloadable: boolean;
}

export const DEFAULT_VISIBILITY: VisibilityValue = { visibility: 'public', publishAt: '', downloadable: false };

const VISIBILITIES: TrackVisibility[] = ['public', 'unlisted', 'private'];

/** An ISO time as a `datetime-local` value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO time (UTC), or null for none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The API's fields for a value: a schedule only for an unlisted or private track. */
export function visibilityFields(value: VisibilityValue): { visibility: TrackVisibility; publishAt: string | null; downloadable: boolean } {
  return {
    visibility: value.visibility,
    publishAt: value.visibility === 'public' ? null : fromLocalInput(value.publishAt),
    downloadable: value.downloadable,
  };
}

/** Visibility select, the scheduled release (only for unlisted and private tracks) and the download toggle. */
export function VisibilityFields({
  value,
  onChange,
  disabled,
  withDownload = true,
  publishAtHint,
}: {
  value: VisibilityValue;
  onChange: (next: VisibilityValue) => void;
  disabled?: boolean;
  /** A release has no download toggle of its own (its tracks have theirs). */
  withDownload?: boolean;
  /** The schedule's hint, when the default (a track's) does not fit. */
  publishAtHint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (changes: Partial<VisibilityValue>) => onChange({ ...value, ...changes });
  return (
    <fieldset className="visibility-fields" disabled={disabled}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-visibility`}>
          {t('visibility.label')}
        </label>
        <select
          id={`${id}-visibility`}
          className="input"
          name="visibility"
          value={value.visibility}
          aria-describedby={`${id}-visibility-hint`}
          onChange={(event) => set({ visibility: event.currentTarget.value as TrackVisibility })}
        >
          {VISIBILITIES.map((option) => (
            <option key={option} value={option}>
              {t(`visibility.option.${option}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-visibility-hint`} className="visibility-fields__hint">
          {t(`visibility.hint.${value.visibility}`)}
        </p>
      </div>
      {value.visibility !== 'public' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-publish-at`}>
            {t('visibility.publishAt')}
          </label>
          <input
            id={`${id}-publish-at`}
            className="input"
            name="publishAt"
            type="datetime-local"
            min={toLocalInput(new Date().toISOString())}
            value={value.publishAt}
            aria-describedby={`${id}-publish-at-hint`}
            onChange={(event) => set({ publishAt: event.currentTarget.value })}
          />
          <p id={`${id}-publish-at-hint`} className="visibility-fields__hint">
            {publishAtHint ?? t('visibility.publishAtHint')}
          </p>
        </div>
      )}
      {withDownload && (
        <label className="visibility-fields__toggle">
          <input type="checkbox" name="downloadable" checked={value.downloadable} onChange={(event) => set({ downloadable: event.currentTarget.checked })} />
          {t('visibility.downloadable')}
        </label>
      )}
    </fieldset>
  );
}
