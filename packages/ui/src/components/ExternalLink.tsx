import { isHttpUrl } from '@mentora/contract';
import type { MouseEvent, ReactNode } from 'react';
import { usePlatform } from '../platform/PlatformContext';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A link that leaves the app. It opens through the Platform (a new tab on the web, the system browser on
 * the desktop, where the app window itself must never navigate away); the href keeps it a real link for
 * middle-click, copying and screen readers. Only an absolute http(s) URL becomes a link: the server
 * refuses anything else already, and this keeps a javascript: or file: URL out of the page if one ever
 * got through (the text is still shown).
 */
export function ExternalLink({ href, className, children, ...rest }: ExternalLinkProps) {
  const platform = usePlatform();
  if (!isHttpUrl(href)) return <span className={className}>{children}</span>;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    platform.openExternal(href);
  };
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={open} {...rest}>
      {children}
    </a>
  );
}
