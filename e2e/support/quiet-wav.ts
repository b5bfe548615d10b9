/**
 * A quiet master as a WAV file: a 997 Hz stereo tone at −20 dBFS (about −20 LUFS) with a 1 ms click
 * up to −6 dBFS every 2 s, so its true peak (about −6 dBTP) and not the −14 LUFS target limits the
 * raise normalization gives it.
 */
export function quietWav(seconds: number, rate = 44_100): Buffer {
  const frames = seconds * rate;
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    const click = i % (2 * rate) < rate / 1000 ? 0.4 : 0;
    const sample = Math.round((0.1 * Math.sin((2 * Math.PI * 997 * i) / rate) + click) * 32767);
    wav.writeInt16LE(sample, 44 + i * 4);
    wav.writeInt16LE(sample, 46 + i * 4);
  }
  return wav;
}

/** The gain the player's normalization gives a track measured at `loudness` LUFS and `truePeak` dBTP: up to −14 LUFS, never past −1 dBTP. */
export function expectedRaise(loudness: number, truePeak: number): number {
  const db = Math.max(0, Math.min(-14 - loudness, -1 - truePeak));
  return 10 ** (db / 20);
}
