// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverConfigQueryOptions } from '../../../lib/server-config';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { UploadForm } from './upload-form';

let alertSpy: ReturnType<typeof vi.fn>;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  alertSpy = vi.fn();
  fetchSpy = vi.fn(() => new Promise(() => {}));
  vi.stubGlobal('alert', alertSpy);
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm() {
  const client = createTestQueryClient();
  client.setQueryData(serverConfigQueryOptions().queryKey, { googleSignIn: false, maxUploadMb: 1 });
  renderApp(<UploadForm />, { queryClient: client });
}

function pickFile(file: File) {
  fireEvent.change(screen.getByLabelText('Track file'), { target: { files: [file] } });
}

describe('UploadForm', () => {
  it('has the title, a required track title, a genre select defaulting to Other and an audio file input', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Upload track' })).toBeTruthy();
    expect((screen.getByLabelText('Track title') as HTMLInputElement).required).toBe(true);
    const genre = screen.getByLabelText('Genre') as HTMLSelectElement;
    expect(genre.value).toBe('Other');
    expect([...genre.options].map((o) => o.value)).toEqual(['Rap', 'Hip-Hop', 'Trap', 'Pop', 'Phonk', 'Dance', 'Other']);
    const file = screen.getByLabelText('Track file') as HTMLInputElement;
    expect(file.type).toBe('file');
    expect(file.accept).toBe('audio/*');
    expect(screen.getByRole('button', { name: 'Upload Track' })).toBeTruthy();
  });

  it('without a file it alerts "Choose a file" and sends nothing', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect(alertSpy).toHaveBeenCalledWith('Choose a file');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows "Uploading..." on a disabled button while busy, after asking for an upload URL', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File(['abc'], 'song.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/get-upload-url');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ fileName: 'song.mp3', fileType: 'audio/mpeg' });
  });

  it('refuses a file over the server limit with the upload-failed alert', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File([new Uint8Array(1024 * 1024 + 1)], 'big.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    expect(alertSpy).toHaveBeenCalledWith('Track upload failed. Check the console.\nThe file is larger than 1 MB.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('alerts the failure followed by the server message when a step fails', async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ error: 'unsupported_type', message: 'Only audio files can be uploaded' }), { status: 415 }),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: 'Song' } });
    pickFile(new File(['abc'], 'song.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
    await vi.waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith('Track upload failed. Check the console.\nOnly audio files can be uploaded'),
    );
    expect(console.error).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Upload Track' })).toBeTruthy();
  });
});

/** Records the PUT and answers it like a storage endpoint would, reporting progress first. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static status = 200;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
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
  send(body: Blob) {
    this.body = body;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 1, total: 3, lengthComputable: true } as ProgressEvent);
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
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fetchSpy.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/get-upload-url'
          ? new Response(JSON.stringify({ uploadURL: '/api/uploads/u-1', fileUrl: '/media/u-1.mp3' }))
          : new Response(JSON.stringify(makeTrack({ id: 'new', url: '/media/u-1.mp3' })), { status: 201 }),
      ),
    );
  });

  function submit(file: File) {
    renderForm();
    fireEvent.change(screen.getByLabelText('Track title'), { target: { value: '  My song ' } });
    fireEvent.change(screen.getByLabelText('Genre'), { target: { value: 'Phonk' } });
    pickFile(file);
    fireEvent.click(screen.getByRole('button', { name: 'Upload Track' }));
  }

  it('PUTs the file with its type, then creates the track at fileUrl, then clears the form', async () => {
    const file = new File(['abc'], 'song.ogg', { type: 'audio/ogg' });
    submit(file);
    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Track uploaded successfully!'));
    expect(FakeXhr.last).toMatchObject({ method: 'PUT', url: '/api/uploads/u-1', headers: { 'Content-Type': 'audio/ogg' } });
    expect(FakeXhr.last?.body).toBe(file);
    const [url, init] = fetchSpy.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/tracks');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'My song', genre: 'Phonk', url: '/media/u-1.mp3' });
    expect((screen.getByLabelText('Track title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Genre') as HTMLSelectElement).value).toBe('Other');
    expect((screen.getByLabelText('Track file') as HTMLInputElement).value).toBe('');
  });

  it('a failed PUT alerts the failure with the storage message and creates no track', async () => {
    FakeXhr.status = 413;
    submit(new File(['abc'], 'song.ogg', { type: 'audio/ogg' }));
    await vi.waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith('Track upload failed. Check the console.\nFile is too large'),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Track title') as HTMLInputElement).value).toBe('  My song ');
  });
});
