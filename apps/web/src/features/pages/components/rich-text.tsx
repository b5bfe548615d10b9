import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The little inline markup the info pages' translated texts use, so a translator can emphasise
 * and link without HTML: `**strong**`, `` `code` ``, `[text](/path)` (a link inside the app) and
 * `[text](#id)` (a section of the same page). Anything else is plain text.
 */
const INLINE = /\*\*(.+?)\*\*|`(.+?)`|\[(.+?)\]\(((?:\/|#)[^)\s]*)\)/g;

export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, strong, code, linkText, href] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = match.index;
    if (strong !== undefined) nodes.push(<strong key={key}>{strong}</strong>);
    else if (code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (href?.startsWith('#'))
      nodes.push(
        <a key={key} href={href}>
          {linkText}
        </a>,
      );
    else
      nodes.push(
        <Link key={key} to={href ?? '/'}>
          {linkText}
        </Link>,
      );
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function RichText({ text }: { text: string }) {
  return <Fragment>{renderInline(text)}</Fragment>;
}
