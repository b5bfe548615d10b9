import { useId } from 'react';
import './vinyl-record.css';

interface VinylRecordProps {
  spinning: boolean;
  className?: string;
  /** A cover URL: printed on the record's label (which then grows), so it spins with it. */
  cover?: string | null;
}

const GROOVES = [44, 40, 36, 32, 28, 24];

/** The record graphic of the player; it spins while audio plays. */
export function VinylRecord({ spinning, className = '', cover }: VinylRecordProps) {
  const id = useId();
  const shine = `${id}-shine`;
  const label = `${id}-label`;
  const clip = `${id}-clip`;
  const labelRadius = cover ? 27 : 17;
  return (
    <svg
      className={`vinyl ${spinning ? 'vinyl--spinning' : ''} ${className}`}
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
      data-spinning={spinning}
    >
      <defs>
        <radialGradient id={shine} cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#3a3a44" />
          <stop offset="55%" stopColor="#121216" />
          <stop offset="100%" stopColor="#050507" />
        </radialGradient>
        <linearGradient id={label} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ff7a45" />
          <stop offset="100%" stopColor="#e0306a" />
        </linearGradient>
        <clipPath id={clip}>
          <circle cx="50" cy="50" r={labelRadius} />
        </clipPath>
      </defs>
      <circle cx="50" cy="50" r="49" fill={`url(#${shine})`} />
      {GROOVES.filter((r) => r > labelRadius).map((r) => (
        <circle key={r} cx="50" cy="50" r={r} fill="none" stroke="#ffffff" strokeOpacity="0.07" strokeWidth="0.8" />
      ))}
      <path d="M50 6 A44 44 0 0 1 90 34" fill="none" stroke="#ffffff" strokeOpacity="0.18" strokeWidth="2" strokeLinecap="round" />
      <circle cx="50" cy="50" r={labelRadius} fill={`url(#${label})`} />
      {cover ? (
        <image
          href={cover}
          x={50 - labelRadius}
          y={50 - labelRadius}
          width={labelRadius * 2}
          height={labelRadius * 2}
          preserveAspectRatio="xMidYMid slice"
          clipPath={`url(#${clip})`}
          data-testid="vinyl-cover"
        />
      ) : (
        <circle cx="50" cy="50" r="11" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="0.8" />
      )}
      <circle cx="50" cy="50" r="2.5" fill="#0b0b0e" />
    </svg>
  );
}
