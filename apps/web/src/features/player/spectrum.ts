/** SPEC 9: the analyser's FFT size (so 128 frequency bins). */
export const SPECTRUM_FFT_SIZE = 256;

/** The part of an AnalyserNode the drawing reads; a fake in tests. */
export interface FrequencySource {
  readonly frequencyBinCount: number;
  getByteFrequencyData(array: Uint8Array<ArrayBuffer>): void;
}

/** The part of a 2D context the drawing uses. */
export interface BarCanvas {
  clearRect(x: number, y: number, width: number, height: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillStyle: string | CanvasGradient | CanvasPattern;
}

/**
 * Draws one frame of the spectrum: one bar per frequency bin, its height the bin's level
 * (0–255) scaled to the canvas, growing from the bottom. Returns the bar heights drawn.
 */
export function drawSpectrum(canvas: BarCanvas, source: FrequencySource, width: number, height: number, data?: Uint8Array<ArrayBuffer>): number[] {
  const levels = data ?? new Uint8Array(source.frequencyBinCount);
  source.getByteFrequencyData(levels);
  canvas.clearRect(0, 0, width, height);
  const barWidth = width / levels.length;
  const heights: number[] = [];
  levels.forEach((level, bin) => {
    const barHeight = (level / 255) * height;
    heights.push(barHeight);
    canvas.fillStyle = `hsl(${Math.round(12 + (bin / levels.length) * 320)} 85% 60%)`;
    canvas.fillRect(bin * barWidth, height - barHeight, Math.max(1, barWidth - 1), barHeight);
  });
  return heights;
}
