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
