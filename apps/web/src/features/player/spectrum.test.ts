import { describe, expect, it, vi } from 'vitest';
import { drawSpectrum, SPECTRUM_FFT_SIZE, type BarCanvas, type FrequencySource } from './spectrum';

function fakeAnalyser(levels: number[]): FrequencySource {
  return {
    frequencyBinCount: levels.length,
    getByteFrequencyData: (array) => array.set(levels),
  };
}

function fakeCanvas() {
  return { clearRect: vi.fn(), fillRect: vi.fn(), fillStyle: '' } satisfies BarCanvas;
}

describe('drawSpectrum', () => {
  it('draws one bar per bin, as tall as its level, from the bottom', () => {
    const canvas = fakeCanvas();
    const heights = drawSpectrum(canvas, fakeAnalyser([0, 255, 51, 102]), 40, 100);
    expect(heights).toEqual([0, 100, 20, 40]);
    expect(canvas.clearRect).toHaveBeenCalledWith(0, 0, 40, 100);
    expect(canvas.fillRect).toHaveBeenCalledTimes(4);
    expect(canvas.fillRect).toHaveBeenNthCalledWith(2, 10, 0, 9, 100);
    expect(canvas.fillRect).toHaveBeenNthCalledWith(3, 20, 80, 9, 20);
  });

  it('an fftSize of 256 gives 128 bars', () => {
    const canvas = fakeCanvas();
    const heights = drawSpectrum(canvas, fakeAnalyser(new Array<number>(SPECTRUM_FFT_SIZE / 2).fill(128)), 256, 50);
    expect(heights).toHaveLength(128);
  });
});
