/** The audio files of a pick or a drop: by type, or by extension when the browser gives no type (a folder's files often have none). */
const AUDIO_EXTENSION = /\.(mp3|ogg|oga|opus|flac|wav|m4a|aac|webm)$/i;
export const isAudioFile = (file: File): boolean => file.type.startsWith('audio/') || AUDIO_EXTENSION.test(file.name);

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a directory: readEntries answers in batches (about 100 in Chromium) until an empty one. */
async function entriesOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function filesUnder(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await fileOf(entry as FileSystemFileEntry)];
  if (!entry.isDirectory) return [];
  const children = await entriesOf(entry as FileSystemDirectoryEntry);
  return (await Promise.all(children.map(filesUnder))).flat();
}

/**
 * The files of a drop, folders walked into (DataTransferItem.webkitGetAsEntry). The entries are
 * taken before the first await: the drop's items are gone once its event has returned.
 */
export function filesFromDrop(dataTransfer: DataTransfer): Promise<File[]> {
  const entries = [...dataTransfer.items].flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    return entry ? [entry] : [];
  });
  if (entries.length === 0) return Promise.resolve([...dataTransfer.files]);
  return Promise.all(entries.map(filesUnder)).then((lists) => lists.flat());
}
