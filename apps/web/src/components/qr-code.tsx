import { useEffect, useState } from 'react';

/** Blank modules around the code, as the QR standard asks, so cameras find its edges. */
const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path (one unit per module). */
async function qrPath(text: string): Promise<{ size: number; d: string }> {
  // Loaded on demand: the landing pays for the encoder only when someone opens the QR card.
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, d };
}

/** A QR code of `value`, `size` px square, drawn as SVG with an accessible name. */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const [code, setCode] = useState<{ value: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrPath(value).then(
      (result) => current && setCode({ value, ...result }),
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [value]);

  const ready = code?.value === value ? code : null;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      aria-busy={ready ? undefined : true}
      width={size}
      height={size}
      viewBox={ready ? `0 0 ${ready.size} ${ready.size}` : '0 0 1 1'}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width="100%" height="100%" fill="#ffffff" />
      {ready && <path d={ready.d} fill="#000000" />}
    </svg>
  );
}
