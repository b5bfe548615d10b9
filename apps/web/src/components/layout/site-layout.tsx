import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutLinkProvider, type LayoutLinkProps } from './layout-link';
import { SiteFrame } from './site-frame';

/** Client-side navigation between the SPA's pages; `nav` links are marked current on their page. */
function routerLink({ to, className, nav, children }: LayoutLinkProps) {
  return nav ? (
    <NavLink className={className} to={to}>
      {children}
    </NavLink>
  ) : (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}

/** The site frame inside the SPA (its router's links). */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <LayoutLinkProvider value={routerLink}>
      <SiteFrame>{children}</SiteFrame>
    </LayoutLinkProvider>
  );
}
