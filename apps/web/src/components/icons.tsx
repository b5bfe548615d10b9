import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Decorative icons; the control that holds one carries the accessible name. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

/** An icon drawn with 2-pixel round strokes instead of filled shapes. */
export function LineIcon({ children, ...props }: IconProps) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
      {children}
    </Icon>
  );
}

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.5.86l11-6.86a1 1 0 0 0 0-1.72l-11-6.86A1 1 0 0 0 8 5.14Z" />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Icon>
);

export const PreviousIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="5" width="2.5" height="14" rx="1" />
    <path d="M19 6.2v11.6a1 1 0 0 1-1.54.84l-8.7-5.8a1 1 0 0 1 0-1.68l8.7-5.8A1 1 0 0 1 19 6.2Z" />
  </Icon>
);

export const NextIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="16.5" y="5" width="2.5" height="14" rx="1" />
    <path d="M5 6.2v11.6a1 1 0 0 0 1.54.84l8.7-5.8a1 1 0 0 0 0-1.68l-8.7-5.8A1 1 0 0 0 5 6.2Z" />
  </Icon>
);

/** The repeat arrows, also drawn by RepeatOneIcon. */
const repeatArrows = (
  <>
    <path d="M17 2l3 3-3 3" />
    <path d="M4 11V9a4 4 0 0 1 4-4h12" />
    <path d="M7 22l-3-3 3-3" />
    <path d="M20 13v2a4 4 0 0 1-4 4H4" />
  </>
);

export const RepeatIcon = (props: IconProps) => <LineIcon {...props}>{repeatArrows}</LineIcon>;

export const ExpandIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
  </LineIcon>
);

export const CollapseIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />
  </LineIcon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Icon>
);

export const HomeIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" {...props}>
    <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1Z" />
  </Icon>
);

export const PlaylistIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
    <path d="M3 6h13M3 12h13M3 18h8" />
    <circle cx="18" cy="17" r="3" />
    <path d="M21 17V7" />
  </Icon>
);

export const HistoryIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </LineIcon>
);

export const StudioIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Icon>
);

export const NewsIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h10M7 16h6" strokeLinecap="round" />
  </Icon>
);

export const HeartIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" {...props}>
    <path d="M12 20s-7.5-4.6-9.3-9.2C1.5 7.6 3.7 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.3 0 5.5 3.1 4.3 6.3C19.5 15.4 12 20 12 20Z" />
  </Icon>
);

export const MoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </Icon>
);

export const GoogleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z" />
    <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z" />
    <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14Z" />
    <path fill="#EA4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6Z" />
  </Icon>
);

/* The player bar and its panels. */

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
  <LineIcon {...props}>
    <path d="M16 3h5v5" />
    <path d="M4 20 21 3" />
    <path d="M21 16v5h-5" />
    <path d="m15 15 6 6" />
    <path d="M4 4l5 5" />
  </LineIcon>
);

/** Repeat one: the repeat arrows around a small 1. */
export const RepeatOneIcon = (props: IconProps) => (
  <LineIcon {...props}>
    {repeatArrows}
    <path d="M11 10.5l1.5-1V15" strokeWidth="1.6" />
  </LineIcon>
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

/* The shell: the account button and sheet, the sidebar. */

/** A head and shoulders: the account button of the narrow screens' top bar. */
export const AccountIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

/** Two thin strokes crossing: closes the account sheet of the narrow screens. */
export const CrossIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

/** A shield, for the admin entry of the sidebar. */
export const AdminIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm0 2.2 6 2.2V11c0 3.9-2.5 7.6-6 8.9-3.5-1.3-6-5-6-8.9V6.4l6-2.2zm-1 11.3-3-3 1.4-1.4 1.6 1.6 4.6-4.6L17 8.5l-6 6z" />
  </Icon>
);

/** An arrow down into a tray (kept on this device), for the Saved entry of the sidebar. */
export const SavedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3zM4 15h2v4h12v-4h2v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-4z" />
  </Icon>
);

/* Social. */

/** Two arrows going round: a repost. */
export const RepostIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V9a3 3 0 0 1 3-3h15" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v2a3 3 0 0 1-3 3H3" />
  </LineIcon>
);
