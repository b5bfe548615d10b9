import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawSpectrum, SPECTRUM_FFT_SIZE } from '../spectrum';
import './spectrum-analyser.css';

/**
 * The spectrum analyser (fftSize 256) that SPEC 2 draws for a track without a url. Such a track
 * has no file to route through Web Audio, so the analyser listens to an idle graph and shows its
 * (flat) spectrum; every track Platter serves has a url, so this shows only for legacy entries.
 */
export function SpectrumAnalyser({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const context2d = canvas?.getContext('2d');
    if (!canvas || !context2d || typeof AudioContext === 'undefined') return;
    const audioContext = new AudioContext();
    const analyser = audioContext.createAnalyser();
    analyser.fftSize = SPECTRUM_FFT_SIZE;
    const levels = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const draw = () => {
      drawSpectrum(context2d, analyser, canvas.width, canvas.height, levels);
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      void audioContext.close();
    };
  }, []);

  return <canvas ref={ref} className={`spectrum ${className}`} width={128} height={48} role="img" aria-label={t('player.spectrum')} />;
}
