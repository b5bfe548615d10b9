import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import { pendingFiles, releaseItemsReducer, titleFromFileName, trackOf, uploadItems, type ReleaseItem, type ReleaseItemsAction } from './release-uploads';

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' });

/** Applies actions as the form's useReducer would, and keeps the log of them. */
function store(initial: ReleaseItem[] = []) {
  let items = initial;
  const log: ReleaseItemsAction[] = [];
  return {
    get items() {
      return items;
    },
    log,
    dispatch: (action: ReleaseItemsAction) => {
      log.push(action);
      items = releaseItemsReducer(items, action);
    },
  };
}

describe('release items', () => {
  it('titles files by their names, keeps the chosen order, moves and removes', () => {
    const s = store();
    s.dispatch({ type: 'addFiles', files: [file('01 Intro.mp3'), file('02 Night Drive.flac'), file('03.Outro.wav')] });
    s.dispatch({ type: 'addTrack', track: makeTrack({ id: 'old', title: 'Old single' }) });
    s.dispatch({ type: 'addTrack', track: makeTrack({ id: 'old', title: 'Old single' }) });
    const title = (item: ReleaseItem) => (item.kind === 'file' ? item.title : item.track.title);
    expect(s.items.map(title)).toEqual(['01 Intro', '02 Night Drive', '03.Outro', 'Old single']);
    s.dispatch({ type: 'move', key: s.items[3]!.key, by: -1 });
    s.dispatch({ type: 'move', key: s.items[0]!.key, by: -1 });
    expect(s.items.map(title)).toEqual(['01 Intro', '02 Night Drive', 'Old single', '03.Outro']);
    s.dispatch({ type: 'remove', key: s.items[1]!.key });
    expect(s.items.map(title)).toEqual(['01 Intro', 'Old single', '03.Outro']);
    expect(titleFromFileName('.mp3')).toBe('.mp3');
  });

  it('uploads every file with its own progress; one failure leaves the others done, and a retry sends only the failed one', async () => {
    const s = store();
    s.dispatch({ type: 'addFiles', files: [file('a.mp3', 100), file('b.mp3', 200), file('c.mp3', 300)] });
    let failB = true;
    const sent: string[] = [];
    const upload = async (item: Extract<ReleaseItem, { kind: 'file' }>, onProgress: (p: { sent: number; total: number }) => void) => {
      sent.push(item.title);
      onProgress({ sent: item.file.size / 2, total: item.file.size });
      await Promise.resolve();
      if (item.title === 'b' && failB) throw new Error('The connection was lost');
      onProgress({ sent: item.file.size, total: item.file.size });
      return makeTrack({ id: `track-${item.title}`, title: item.title });
    };
    const first = await uploadItems(pendingFiles(s.items), upload, s.dispatch, (error) => (error as Error).message);
    expect(first.ok).toBe(false);
    expect(sent).toEqual(['a', 'b', 'c']);
    // Each file reported its own halfway point.
    expect(s.log.filter((a) => a.type === 'progress').map((a) => (a.type === 'progress' ? a.progress.total : 0))).toEqual(expect.arrayContaining([100, 200, 300]));
    expect(s.items.map((item) => (item.kind === 'file' ? item.status : 'track'))).toEqual(['done', 'failed', 'done']);
    const failed = s.items[1] as Extract<ReleaseItem, { kind: 'file' }>;
    expect(failed.error).toBe('The connection was lost');

    failB = false;
    sent.length = 0;
    const retried = await uploadItems(pendingFiles(s.items), upload, s.dispatch, String);
    expect(retried.ok).toBe(true);
    expect(sent).toEqual(['b']);
    expect(s.items.map((item) => trackOf(item)?.id)).toEqual(['track-a', 'track-b', 'track-c']);
    expect(pendingFiles(s.items)).toEqual([]);
  });

  it('runs at most two uploads at a time', async () => {
    const s = store();
    s.dispatch({ type: 'addFiles', files: ['1', '2', '3', '4', '5'].map((n) => file(`${n}.mp3`)) });
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const done = uploadItems(
      pendingFiles(s.items),
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
        return makeTrack({ id: item.title });
      },
      s.dispatch,
      String,
    );
    while (s.items.some((item) => item.kind === 'file' && item.status !== 'done')) {
      await Promise.resolve();
      release.shift()?.();
    }
    expect((await done).ok).toBe(true);
    expect(most).toBe(2);
  });
});
