import type { Lyrics, Track } from '@platter/shared';
import { LYRICS_MAX_LENGTH, lrcStamp, parseLyrics } from '@platter/shared/lyrics-lines';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { deleteLyrics, lyricsQueryKey, lyricsQueryOptions, putLyrics } from '../../../lib/lyrics-api';
import { queryKeys } from '../../../lib/query-keys';
import './lyrics-dialog.css';

/** The studio's lyrics editor of one track: plain text or LRC, a preview, and "tap to time". */
export function LyricsDialog({ track, onClose }: { track: Track | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!track} title={track ? t('lyrics.editNamed', { name: track.title }) : t('lyrics.editor.title')} onClose={onClose}>
      {track && (track.hasLyrics ? <ExistingLyrics key={track.id} track={track} onDone={onClose} /> : <LyricsForm key={track.id} track={track} initial={null} onDone={onClose} />)}
    </Dialog>
  );
}

function ExistingLyrics({ track, onDone }: { track: Track; onDone: () => void }) {
  const { t } = useTranslation();
  const lyrics = useQuery(lyricsQueryOptions(track.id));
  if (lyrics.isPending) return <p className="studio-item__meta">{t('lyrics.loading')}</p>;
  return <LyricsForm track={track} initial={lyrics.data ?? null} onDone={onDone} />;
}

/** Text lines without their stamps or ID tags: what "tap to time" stamps one by one. */
export function linesToStamp(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^\[[a-zA-Z#]+:.*\]$/.test(line))
    .map((line) => line.replace(/^(\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\])+/, '').trim());
}

function LyricsForm({ track, initial, onDone }: { track: Track; initial: Lyrics | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial?.text ?? '');
  const [lang, setLang] = useState(initial?.lang ?? '');
  const [tapping, setTapping] = useState(false);
  const parsed = text.trim() === '' ? null : parseLyrics(text);

  const settle = async (trackId: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.studio.tracks }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all }),
      queryClient.invalidateQueries({ queryKey: lyricsQueryKey(trackId) }),
    ]);
  };
  const save = useMutation({
    mutationFn: () => putLyrics(track.id, { text, ...(lang.trim() ? { lang: lang.trim() } : {}) }),
    onSuccess: async () => {
      await settle(track.id);
      onDone();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteLyrics(track.id),
    onSuccess: async () => {
      await settle(track.id);
      onDone();
    },
  });
  const error = save.error ?? remove.error;

  return (
    <form
      className="studio-form lyrics-editor"
      aria-label={t('lyrics.editor.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending && parsed?.ok) save.mutate();
      }}
    >
      {tapping ? (
        <TapToTime
          track={track}
          lines={linesToStamp(text)}
          onCancel={() => setTapping(false)}
          onDone={(lrc) => {
            setText(lrc);
            setTapping(false);
          }}
        />
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-text`}>
              {t('lyrics.editor.text')}
            </label>
            <textarea
              id={`${id}-text`}
              className="input lyrics-editor__text"
              rows={10}
              maxLength={LYRICS_MAX_LENGTH}
              placeholder={t('lyrics.editor.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                save.reset();
              }}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-lang`}>
              {t('lyrics.editor.lang')}
            </label>
            <input id={`${id}-lang`} className="input" maxLength={12} autoComplete="off" value={lang} onChange={(event) => setLang(event.currentTarget.value)} />
          </div>
          <button type="button" className="button button--secondary" disabled={linesToStamp(text).length === 0} onClick={() => setTapping(true)}>
            {t('lyrics.editor.tap')}
          </button>
          <section className="lyrics-editor__preview" aria-label={t('lyrics.editor.preview')} data-testid="lyrics-preview">
            <h3 className="field__label">{t('lyrics.editor.preview')}</h3>
            {!parsed ? (
              <p className="studio-item__meta">{t('lyrics.editor.previewEmpty')}</p>
            ) : !parsed.ok ? (
              <p className="error-text" role="alert" data-testid="lyrics-preview-error">
                {parsed.line > 0 ? t('lyrics.editor.invalidLine', { line: parsed.line }) : t('lyrics.editor.invalid')}
              </p>
            ) : (
              <>
                <p className="studio-item__meta">{parsed.kind === 'synced' ? t('lyrics.editor.synced') : t('lyrics.editor.plain')}</p>
                <ol className="lyrics-editor__lines">
                  {parsed.lines.map((line, index) => (
                    <li key={index}>
                      {line.startMs !== undefined && <span className="lyrics-editor__time">{lrcStamp(line.startMs)}</span>} {line.text}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
          {error && (
            <p className="error-text" role="alert">
              {t('lyrics.editor.failed', { message: error.message })}
            </p>
          )}
          <div className="upload-form__actions">
            <button type="submit" className="button button--primary" disabled={save.isPending || !parsed?.ok}>
              {save.isPending ? t('lyrics.editor.saving') : t('lyrics.editor.save')}
            </button>
            {initial && (
              <button type="button" className="button button--secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {t('lyrics.editor.remove')}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={onDone}>
              {t('lyrics.editor.cancel')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

/**
 * "Tap to time": the track plays here and the artist stamps each line as it starts (the Stamp
 * button or Space); Step back takes the last stamp off and goes back to the line before it.
 * Done writes the stamped lines as LRC into the editor.
 */
function TapToTime({ track, lines, onCancel, onDone }: { track: Track; lines: string[]; onCancel: () => void; onDone: (lrc: string) => void }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [stamps, setStamps] = useState<number[]>([]);
  const [playing, setPlaying] = useState(false);
  const next = lines[stamps.length];

  const stamp = () => {
    const element = audio.current;
    if (!element || next === undefined) return;
    setStamps((done) => [...done, Math.round(element.currentTime * 1000)]);
  };
  const stepBack = () => {
    const element = audio.current;
    if (stamps.length === 0) return;
    const previous = stamps[stamps.length - 2];
    if (element) element.currentTime = previous !== undefined ? previous / 1000 : 0;
    setStamps((done) => done.slice(0, -1));
  };
  const togglePlay = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  // Space stamps wherever the focus is in the page (a focused button does not also get clicked).
  const stampRef = useRef(stamp);
  useEffect(() => {
    stampRef.current = stamp;
  });
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      event.preventDefault();
      if (event.type === 'keydown' && !event.repeat) stampRef.current();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, []);

  return (
    <div className="lyrics-tap" data-testid="lyrics-tap">
      <p className="studio-item__meta">{t('lyrics.editor.tapHelp')}</p>
      <audio ref={audio} src={track.url} preload="auto" data-testid="lyrics-tap-audio" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      <p role="status" data-testid="lyrics-tap-next">
        {next !== undefined ? t('lyrics.editor.nextLine', { line: next || '♪' }) : t('lyrics.editor.allStamped')}
      </p>
      <p className="studio-item__meta">{t('lyrics.editor.stamped', { count: stamps.length, total: lines.length })}</p>
      <div className="upload-form__actions">
        <button type="button" className="button button--secondary" onClick={togglePlay}>
          {playing ? t('lyrics.editor.pause') : t('lyrics.editor.play')}
        </button>
        <button type="button" className="button button--primary" disabled={next === undefined} onClick={stamp}>
          {t('lyrics.editor.stamp')}
        </button>
        <button type="button" className="button button--secondary" disabled={stamps.length === 0} onClick={stepBack}>
          {t('lyrics.editor.undo')}
        </button>
      </div>
      <ol className="lyrics-editor__lines">
        {lines.map((line, index) => (
          <li key={index} aria-current={index === stamps.length ? 'step' : undefined}>
            <span className="lyrics-editor__time">{stamps[index] !== undefined ? lrcStamp(stamps[index]) : '[--:--.--]'}</span> {line}
          </li>
        ))}
      </ol>
      <div className="upload-form__actions">
        <button type="button" className="button button--primary" disabled={stamps.length < lines.length} onClick={() => onDone(lines.map((line, index) => `${lrcStamp(stamps[index] ?? 0)}${line}`).join('\n'))}>
          {t('lyrics.editor.done')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            audio.current?.pause();
            onCancel();
          }}
        >
          {t('lyrics.editor.cancel')}
        </button>
      </div>
    </div>
  );
}
