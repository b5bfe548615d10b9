import { updateTrackSchema, type Track, type UpdateTrack } from '@platter/shared';
import { TRACK_TITLE_MAX_LENGTH, type Genre } from '@platter/shared/constants';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-error';
import { EditTrackError, useEditTrack } from '../api/update-track';
import { parseTagsText, tagsProblem } from '../tags-text';
import { FieldError, TrackMetadataFields, describedByError, type TrackFormErrors } from './track-metadata-fields';
import { VisibilityFields, type VisibilityValue, toLocalInput, visibilityFields } from './visibility-fields';
import { FormActions } from './form-actions';

type FieldErrors = TrackFormErrors;

/** What the shared schema finds wrong with the changes, field by field, in the UI's language. */
export function editTrackErrors(changes: UpdateTrack, t: TFunction): FieldErrors {
  const result = updateTrackSchema.safeParse(changes);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'title' && !errors.title) {
      errors.title = issue.code === 'too_big' ? t('studio.edit.titleTooLong', { count: TRACK_TITLE_MAX_LENGTH }) : t('studio.edit.titleRequired');
    } else if (issue.path[0] === 'genre' && !errors.genre) {
      errors.genre = t('studio.edit.genreInvalid');
    }
  }
  return errors;
}

/** Where a failed save's message goes: next to the field the server names, or under the form. */
function failureErrors(error: Error | null): { fields: FieldErrors; general: string | null } {
  if (!error) return { fields: {}, general: null };
  if (error instanceof EditTrackError && error.step === 'cover') return { fields: { cover: error.message }, general: null };
  const cause = error instanceof EditTrackError ? error.cause : error;
  const field = cause instanceof ApiError ? cause.field : undefined;
  if (field === 'title' || field === 'genre' || field === 'tags') return { fields: { [field]: cause.message }, general: null };
  return { fields: {}, general: cause.message };
}

/** Edit a published track: its title, genre and cover (the audio stays). */
export function EditTrackDialog({ track, onClose }: { track: Track | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!track} title={t('studio.edit.title')} onClose={onClose}>
      {track && <EditTrackForm key={track.id} track={track} onDone={onClose} />}
    </Dialog>
  );
}

function EditTrackForm({ track, onDone }: { track: Track; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(track.title);
  const [genre, setGenre] = useState<Genre>(track.genre);
  const [tagsText, setTagsText] = useState((track.tags ?? []).join(', '));
  // The picked image, shown in place of the current cover before it is saved.
  const [picked, setPicked] = useState<{ file: File; url: string | null } | null>(null);
  const cover = picked?.file ?? null;
  const pickedUrl = useRef<string | null>(null);
  const pick = (file: File | null) => {
    if (pickedUrl.current) URL.revokeObjectURL(pickedUrl.current);
    pickedUrl.current = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setPicked(file ? { file, url: pickedUrl.current } : null);
  };
  useEffect(
    () => () => {
      if (pickedUrl.current) URL.revokeObjectURL(pickedUrl.current);
    },
    [],
  );
  const initialAccess: VisibilityValue = { visibility: track.visibility ?? 'public', publishAt: toLocalInput(track.publishAt), downloadable: track.downloadable ?? false };
  const [access, setAccess] = useState<VisibilityValue>(initialAccess);
  const [checked, setChecked] = useState<FieldErrors>({});
  const edit = useEditTrack();
  const failed = failureErrors(edit.error);
  const errors: FieldErrors = { ...failed.fields, ...checked };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (edit.isPending) return;
    const tags = parseTagsText(tagsText);
    const tagsChanged = tags.join('\n') !== (track.tags ?? []).join('\n');
    const changes: UpdateTrack = {
      ...(title.trim() !== track.title ? { title: title.trim() } : {}),
      ...(genre !== track.genre ? { genre } : {}),
      ...(tagsChanged ? { tags } : {}),
    };
    const changed = Object.keys(changes).length > 0;
    const problem = tagsChanged ? tagsProblem(tags) : null;
    const found: FieldErrors = { ...(changed ? editTrackErrors(changes, t) : {}), ...(problem ? { tags: t(`releases.tags.${problem}`) } : {}) };
    // Only what the artist changed is sent (a schedule left as it was is not checked again).
    const wanted = visibilityFields(access);
    const before = visibilityFields(initialAccess);
    const accessChanges = {
      ...(wanted.visibility !== before.visibility ? { visibility: wanted.visibility } : {}),
      ...(wanted.publishAt !== before.publishAt ? { publishAt: wanted.publishAt } : {}),
      ...(wanted.downloadable !== before.downloadable ? { downloadable: wanted.downloadable } : {}),
    };
    const accessChanged = Object.keys(accessChanges).length > 0;
    setChecked(found);
    if (found.title || found.genre || found.tags) {
      edit.reset();
      document.getElementById(`${id}-${found.title ? 'title' : found.genre ? 'genre' : 'tags'}`)?.focus();
      return;
    }
    if (!changed && !cover && !accessChanged) {
      onDone();
      return;
    }
    edit.mutate({ trackId: track.id, changes: changed ? changes : null, cover, access: accessChanged ? accessChanges : null }, { onSuccess: onDone });
  };

  const preview = picked ? picked.url : track.image;
  return (
    <form className="studio-form" onSubmit={onSubmit} aria-label={t('studio.edit.title')} noValidate>
      <TrackMetadataFields
        id={id}
        title={title}
        genre={genre}
        tagsText={tagsText}
        onTitleChange={(value) => {
          setTitle(value);
          setChecked(({ title: _answered, ...others }) => others);
        }}
        onGenreChange={setGenre}
        onTagsChange={(value) => {
          setTagsText(value);
          setChecked(({ tags: _answered, ...others }) => others);
        }}
        errors={errors}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cover`}>
          {t('upload.cover')}
        </label>
        <div className="studio-form__image">
          {preview && <img className="studio-form__preview studio-form__preview--track" src={preview} alt="" />}
          <input
            id={`${id}-cover`}
            className="input upload-form__file"
            name="cover"
            type="file"
            accept="image/*"
            onChange={(event) => {
              pick(event.currentTarget.files?.[0] ?? null);
              if (edit.error) edit.reset();
            }}
            {...describedByError(id, 'cover', errors)}
          />
        </div>
        <FieldError id={id} field="cover" errors={errors} />
      </div>
      <VisibilityFields
        value={access}
        onChange={(next) => {
          setAccess(next);
          if (edit.error) edit.reset();
        }}
      />
      {failed.general && (
        <p className="error-text" role="alert">
          {failed.general}
        </p>
      )}
      <FormActions label={t('studio.profile.save')} busyLabel={t('studio.profile.saving')} busy={edit.isPending} onCancel={onDone} />
    </form>
  );
}
