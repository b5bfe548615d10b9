import type { Track } from '@platter/shared';
import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseItem, ReleaseItemsAction } from '../release-uploads';
import { ReleaseItemRow } from './release-item-row';

export interface ReleaseTracksFieldsProps {
  id: string;
  items: readonly ReleaseItem[];
  dispatch: Dispatch<ReleaseItemsAction>;
  /** The artist's published tracks that may still join the release. */
  free: readonly Track[];
  busy: boolean;
  filesRef: RefObject<HTMLInputElement | null>;
  onRetry: (key: string) => void;
}

/** What goes into a release: audio files to upload, tracks already published, and their order. */
export function ReleaseTracksFields({ id, items, dispatch, free, busy, filesRef, onRetry }: ReleaseTracksFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-files`}>
          {t('releases.form.files')}
        </label>
        <input
          ref={filesRef}
          id={`${id}-files`}
          className="input upload-form__file"
          name="files"
          type="file"
          accept="audio/*"
          multiple
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length > 0) dispatch({ type: 'addFiles', files });
            event.currentTarget.value = '';
          }}
        />
        <span id={`${id}-files-hint`} className="release-form__hint">
          {t('releases.form.filesHint')}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-gather`}>
          {t('releases.form.gather')}
        </label>
        {free.length === 0 ? (
          <span className="release-form__hint">{t('releases.form.gatherNone')}</span>
        ) : (
          <select
            id={`${id}-gather`}
            className="input"
            value=""
            onChange={(event) => {
              const track = free.find((candidate) => candidate.id === event.currentTarget.value);
              if (track) dispatch({ type: 'addTrack', track });
            }}
          >
            <option value="">—</option>
            {free.map((track) => (
              <option key={track.id} value={track.id}>
                {track.title}
              </option>
            ))}
          </select>
        )}
      </div>
      <fieldset className="release-form__tracks">
        <legend className="field__label">{t('releases.form.tracks')}</legend>
        {items.length === 0 ? (
          <p className="release-form__hint">{t('releases.form.noTracks')}</p>
        ) : (
          <ol className="release-form__list">
            {items.map((item, index) => (
              <ReleaseItemRow
                key={item.key}
                item={item}
                index={index}
                last={index === items.length - 1}
                busy={busy}
                onRename={(value) => dispatch({ type: 'rename', key: item.key, title: value })}
                onMove={(by) => dispatch({ type: 'move', key: item.key, by })}
                onRemove={() => dispatch({ type: 'remove', key: item.key })}
                onRetry={() => onRetry(item.key)}
              />
            ))}
          </ol>
        )}
      </fieldset>
    </>
  );
}
