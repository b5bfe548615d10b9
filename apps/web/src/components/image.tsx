import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './image.css';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
};

const PLACEHOLDER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1b1b23"/>' +
      '<circle cx="32" cy="32" r="16" fill="none" stroke="#3a3a48" stroke-width="3"/>' +
      '<circle cx="32" cy="32" r="4" fill="#3a3a48"/></svg>',
  );

/**
 * An image that fades in over its own placeholder colour once loaded, and shows a neutral
 * placeholder (alt 'Error loading image') when it cannot load. The size comes from the caller's
 * CSS, so nothing moves when the picture arrives. A decorative image (alt "") keeps alt "" when it
 * falls back: a screen reader has nothing to announce in either case.
 */
export function Image({ src, alt, className = '', onError, onLoad, ...props }: ImageProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;

  if (failed) {
    return (
      <img {...props} className={`image image--fallback ${className}`} src={PLACEHOLDER} alt={alt === '' ? '' : t('image.error')} />
    );
  }
  return (
    <img
      {...props}
      className={`image ${loadedSrc === src ? 'image--loaded' : ''} ${className}`}
      src={src}
      alt={alt}
      onLoad={(event) => {
        setLoadedSrc(src);
        onLoad?.(event);
      }}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
