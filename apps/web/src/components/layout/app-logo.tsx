import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LogoContent } from './logo';

/**
 * The app shell's logo: the app's own home (/home), by the router, so the player never stops for it
 * (the landing is a page load of its own, its Logo a plain link).
 */
export function AppLogo() {
  return (
    <Link className="logo" to={paths.home.getHref()}>
      <LogoContent />
    </Link>
  );
}
