import { Icon, type IconProps } from '../../../components/icons';

/* Icons only the player uses, drawn with the shared decorative Icon frame. */

export const QueueIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="13" height="2" rx="1" />
    <rect x="3" y="10" width="13" height="2" rx="1" />
    <rect x="3" y="15" width="8" height="2" rx="1" />
    <path d="M15 14.2v5.6a.6.6 0 0 0 .9.5l4.6-2.8a.6.6 0 0 0 0-1l-4.6-2.8a.6.6 0 0 0-.9.5Z" />
  </Icon>
);

export const KeyboardIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Zm0 2v8h16V8H4Zm2 1h2v2H6V9Zm3 0h2v2H9V9Zm3 0h2v2h-2V9Zm3 0h3v2h-3V9ZM7 13h10v2H7v-2Z" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" />
  </Icon>
);

export const UpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m12 7 6 6-1.4 1.4L12 9.8l-4.6 4.6L6 13l6-6Z" />
  </Icon>
);

export const DownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m12 17-6-6 1.4-1.4 4.6 4.6 4.6-4.6L18 11l-6 6Z" />
  </Icon>
);

export const ShuffleIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M16 3h5v5" />
    <path d="M4 20 21 3" />
    <path d="M21 16v5h-5" />
    <path d="m15 15 6 6" />
    <path d="M4 4l5 5" />
  </Icon>
);

/** Repeat one: the repeat arrows around a small 1. */
export const RepeatOneIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M17 2l3 3-3 3" />
    <path d="M4 11V9a4 4 0 0 1 4-4h12" />
    <path d="M7 22l-3-3 3-3" />
    <path d="M20 13v2a4 4 0 0 1-4 4H4" />
    <path d="M11 10.5l1.5-1V15" strokeWidth="1.6" />
  </Icon>
);

/** A speaker with as many waves as the volume is loud (0 waves and a cross when muted). */
export function VolumeIcon({ level, ...props }: IconProps & { level: 'muted' | 'low' | 'high' }) {
  return (
    <Icon {...props}>
      <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.4 3.7a.6.6 0 0 0 1-.46V5.26a.6.6 0 0 0-1-.46L8 8.5H5a1 1 0 0 0-1 1Z" />
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {level === 'muted' ? (
          <path d="m16.5 9.5 5 5m0-5-5 5" />
        ) : (
          <>
            <path d="M16 9.2a4 4 0 0 1 0 5.6" />
            {level === 'high' && <path d="M18.8 6.5a8 8 0 0 1 0 11" />}
          </>
        )}
      </g>
    </Icon>
  );
}
