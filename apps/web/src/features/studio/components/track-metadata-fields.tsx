import { GENRES, TRACK_TITLE_MAX_LENGTH, type Genre } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import { genreLabel } from '../../../lib/genre-label';

/** A field of a track form whose error is shown under it. */
export type TrackFormField = 'title' | 'genre' | 'cover' | 'tags';
export type TrackFormErrors = Partial<Record<TrackFormField, string>>;

/** What marks a control invalid and points it at its error (nothing when it has none). */
export function describedByError(id: string, field: TrackFormField, errors: TrackFormErrors) {
  return {
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  };
}

/** A field's error under it, announced; nothing when the field has none. */
export function FieldError({ id, field, errors }: { id: string; field: TrackFormField; errors: TrackFormErrors }) {
  return errors[field] ? (
    <p id={`${id}-${field}-error`} className="error-text" role="alert" data-testid={`edit-track-error-${field}`}>
      {errors[field]}
    </p>
  ) : null;
}

/** The genre picker of the track and release forms: every genre Platter knows. */
export function GenreField({ id, value, onChange, errors = {} }: { id: string; value: Genre; onChange: (genre: Genre) => void; errors?: TrackFormErrors }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-genre`}>
        {t('upload.genre')}
      </label>
      <select id={`${id}-genre`} className="input" name="genre" value={value} onChange={(event) => onChange(event.currentTarget.value as Genre)} {...describedByError(id, 'genre', errors)}>
        {GENRES.map((option) => (
          <option key={option} value={option}>
            {genreLabel(t, option)}
          </option>
        ))}
      </select>
      <FieldError id={id} field="genre" errors={errors} />
    </div>
  );
}

export interface TrackMetadataProps {
  /** Prefix of the controls' ids (`${id}-title`, `${id}-genre`, `${id}-tags`). */
  id: string;
  title: string;
  genre: Genre;
  /** The tags as typed, comma-separated (parsed by `tags-text.ts` on submit). */
  tagsText: string;
  onTitleChange: (title: string) => void;
  onGenreChange: (genre: Genre) => void;
  onTagsChange: (tagsText: string) => void;
  errors?: TrackFormErrors;
}

/** A track's title, genre and tags: the same fields in the Upload form and the Edit track dialog. */
export function TrackMetadataFields(props: TrackMetadataProps) {
  const { id, title, genre, tagsText, onTitleChange, onGenreChange, onTagsChange, errors = {} } = props;
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          {t('upload.trackTitle')}
        </label>
        <input
          id={`${id}-title`}
          className="input"
          name="title"
          required
          maxLength={TRACK_TITLE_MAX_LENGTH}
          autoComplete="off"
          value={title}
          onChange={(event) => onTitleChange(event.currentTarget.value)}
          {...describedByError(id, 'title', errors)}
        />
        <FieldError id={id} field="title" errors={errors} />
      </div>
      <GenreField id={id} value={genre} onChange={onGenreChange} errors={errors} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-tags`}>
          {t('releases.tags.label')}
        </label>
        <input
          id={`${id}-tags`}
          className="input"
          name="tags"
          autoComplete="off"
          placeholder={t('releases.tags.hint')}
          value={tagsText}
          onChange={(event) => onTagsChange(event.currentTarget.value)}
          {...describedByError(id, 'tags', errors)}
        />
        <FieldError id={id} field="tags" errors={errors} />
      </div>
    </>
  );
}
