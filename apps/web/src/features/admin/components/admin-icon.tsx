import { Icon, type IconProps } from '../../../components/icons';

/** A shield, for the admin entry of the sidebar. */
export const AdminIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm0 2.2 6 2.2V11c0 3.9-2.5 7.6-6 8.9-3.5-1.3-6-5-6-8.9V6.4l6-2.2zm-1 11.3-3-3 1.4-1.4 1.6 1.6 4.6-4.6L17 8.5l-6 6z" />
  </Icon>
);
