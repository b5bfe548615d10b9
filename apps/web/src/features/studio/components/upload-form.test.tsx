// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { serverConfigQueryOptions } from '../../../lib/server-config';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { UploadForm } from './upload-form';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm() {
  const client = createTestQueryClient();
  client.setQueryData(serverConfigQueryOptions().queryKey, { googleSignIn: false, maxUploadMb: 1 });
  renderApp(<UploadForm />, { queryClient: client });
}

function pickFile(file: File, label = 'Track file') {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

describe('UploadForm', () => {
  it('has a required track title, a genre select defaulting to Other, an audio file input and an optional cover', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Upload track' })).toBeTruthy();
    expect((screen.getByLabelText('Track title') as HTMLInputElement).required).toBe(true);
    const genre = screen.getByLabelText('Genre') as HTMLSelectElement;
    expect(genre.value).toBe('Other');
    expect([...genre.options].map((o) => o.value)).toEqual(['Rap', 'Hip-Hop', 'Trap', 'Pop', 'Phonk', 'Dance', 'Other']);
    const file = screen.getByLabelText('Track file') as HTMLInputElement;
    expect(file.type).toBe('file');
    expect(file.accept).toBe('audio/*');
    const cover = screen.getByLabelText('Cover image') as HTMLInputElement;
    expect(cover.accept).toBe('image/*');
    expect(cover.required).toBe(false);
    expect(screen.getByRole('button', { name: 'Upload Track' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('without a file it says "Choose a file" and sends nothing', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a file');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows "Uploading..." on a disabled button, a progress bar and Cancel while busy, after asking for an upload URL', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File(['abc'], 'song.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The bar comes with the first progress report, which may render a moment after the button (the file's tags are read meanwhile).
    expect((await screen.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/get-upload-url');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ fileName: 'song.mp3', fileType: 'audio/mpeg', fileSize: 3 });
  });

  it('refuses a file over the server limit with the upload-failed message', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File([new Uint8Array(1024 * 1024 + 1)], 'big.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect(screen.getByRole('alert').textContent).toBe('Track upload failed. The file is larger than 1 MB.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses a step (415 not audio), and nothing about a console", async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ error: 'unsupported_media_type', message: '"notes.txt" is not an audio file. Upload MP3 or FLAC.' }), {
        status: 415,
      }),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Track upload failed. "notes.txt" is not an audio file. Upload MP3 or FLAC.');
    expect(await screen.findByRole('button', { name: 'Upload Track' })).toBeTruthy();
  });

  it('explains a refusal without a readable body by its status, a lost connection and a server failure itself', async () => {
    renderForm();
    const tryWith = async (response: () => Promise<Response>) => {
      fetchSpy.mockImplementation(response);
      fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
      pickFile(new File(['abc'], 'song.mp3', { type: 'audio/mpeg' }));
      fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
      return (await screen.findByRole('alert')).textContent;
    };
    expect(await tryWith(() => Promise.resolve(new Response('<html>Too big</html>', { status: 413 })))).toBe(
      'Track upload failed. The file is larger than the server accepts.',
    );
    expect(await tryWith(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(
      'Track upload failed. The connection was lost during the upload. Please try again.',
    );
    expect(await tryWith(() => Promise.resolve(new Response(JSON.stringify({ error: 'internal', message: 'boom' }), { status: 500 })))).toBe(
      'Track upload failed. The server could not take the track right now. Please try again in a moment.',
    );
  });

  it("the 'Choose a file' error goes as soon as a file is chosen", () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a file');
    pickFile(new File(['abc'], 'song.mp3', { type: 'audio/mpeg' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

/** Records the PUT and answers it like a storage endpoint would, reporting progress first. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static status = 200;
  /** When false, the request hangs after its first progress event until aborted. */
  static finish = true;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: Blob) {
    this.body = body;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 1, total: 4, lengthComputable: true } as ProgressEvent);
      if (!FakeXhr.finish) return;
      this.status = FakeXhr.status;
      this.responseText = FakeXhr.status === 200 ? '' : '{"error":"too_large","message":"File is too large"}';
      this.onload?.();
    }, 0);
  }
}

describe('UploadForm protocol', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.status = 200;
    FakeXhr.finish = true;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fetchSpy.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/get-upload-url'
          ? new Response(JSON.stringify({ uploadURL: '/api/uploads/u-1', fileUrl: '/media/u-1.mp3' }))
          : new Response(JSON.stringify(makeTrack({ id: 'new', url: '/media/u-1.mp3' })), { status: url === '/api/tracks' ? 201 : 200 }),
      ),
    );
  });

  function submit(file: File, cover?: File) {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: '  My song ' } });
    fireEvent.change(screen.getByLabelText('Genre'), { target: { value: 'Phonk' } });
    pickFile(file);
    if (cover) pickFile(cover, 'Cover image');
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
  }

  it('PUTs the file with its type, then creates the track at fileUrl, then clears the form', async () => {
    const file = new File(['abc'], 'song.ogg', { type: 'audio/ogg' });
    submit(file);
    expect((await screen.findByRole('status')).textContent).toBe('Track uploaded successfully!');
    expect(FakeXhr.last).toMatchObject({ method: 'PUT', url: '/api/uploads/u-1', headers: { 'Content-Type': 'audio/ogg' } });
    expect(FakeXhr.last?.body).toBe(file);
    const [url, init] = fetchSpy.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/tracks');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'My song', genre: 'Phonk', url: '/media/u-1.mp3', visibility: 'public', publishAt: null, downloadable: false });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect((screen.getByLabelText('Track title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Genre') as HTMLSelectElement).value).toBe('Other');
    expect((screen.getByLabelText('Track file') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('gives the focus back to the Upload button once the upload is over (it was lost while the button was disabled)', async () => {
    submit(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }));
    (document.activeElement as HTMLElement | null)?.blur();
    await screen.findByRole('status');
    const button = screen.getByRole('button', { name: 'Upload Track' });
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('with a cover, PUTs the image as the raw body of the new track\'s cover', async () => {
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    submit(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }), cover);
    expect((await screen.findByRole('status')).textContent).toBe('Track uploaded successfully!');
    const [url, init] = fetchSpy.mock.calls[2] as [string, RequestInit];
    expect(url).toBe('/api/tracks/new/cover');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(cover);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });

  it('shows the bytes sent on the progress bar, and Cancel aborts the PUT and returns to idle', async () => {
    FakeXhr.finish = false;
    submit(new File(['abcd'], 'song.ogg', { type: 'audio/ogg' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload cancelled.');
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload Track' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a failed PUT shows the failure with the storage message and creates no track', async () => {
    FakeXhr.status = 413;
    submit(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Track upload failed. File is too large');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Track title') as HTMLInputElement).value).toBe('  My song ');
  });

  it('speaks the SPEC\'s Russian: success, no file and a storage failure', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Название трека'), { target: { value: 'Песня' } });
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить трек' }));
    expect(screen.getByRole('alert').textContent).toBe('Выберите файл');

    pickFile(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }), 'Файл трека');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить трек' }));
    expect((await screen.findByRole('status')).textContent).toBe('Трек успешно загружен!');

    FakeXhr.status = 413;
    fireEvent.change(screen.getByLabelText('Название трека'), { target: { value: 'Песня' } });
    pickFile(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }), 'Файл трека');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить трек' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка загрузки трека. File is too large');
  });
});
