import { Icon, type IconProps } from '../../../components/icons';

/** An arrow down into a tray (kept on this device), for the Saved entry of the sidebar. */
export const SavedIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3zM4 15h2v4h12v-4h2v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-4z" />
  </Icon>
);
