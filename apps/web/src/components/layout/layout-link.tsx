import { createContext, useContext, type ReactNode } from 'react';

export interface LayoutLinkProps {
  to: string;
  className?: string;
  /** A navigation link: the router marks it current (aria-current="page") on its page. */
  nav?: boolean;
  children: ReactNode;
}

/** A plain link: a full page load. The landing's own entry (src/app/landing) has no router. */
function plainLink({ to, className, children }: LayoutLinkProps): ReactNode {
  return (
    <a className={className} href={to}>
      {children}
    </a>
  );
}

/** How a link is rendered (a function, not a component: the element is the router's or a plain <a>). */
export type RenderLink = (props: LayoutLinkProps) => ReactNode;

const LayoutLinkContext = createContext<RenderLink>(plainLink);

/** Lets the SPA (site-layout.tsx) put its router's links into the router-free header, footer and landing. */
export const LayoutLinkProvider = LayoutLinkContext.Provider;

/** A link to a page of the app: the router's link inside the SPA, a plain one on the prerendered landing. */
export function LayoutLink(props: LayoutLinkProps) {
  const renderLink = useContext(LayoutLinkContext);
  return renderLink(props);
}
