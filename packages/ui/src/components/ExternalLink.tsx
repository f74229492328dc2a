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
 * middle-click, copying and screen readers.
 */
export function ExternalLink({ href, className, children, ...rest }: ExternalLinkProps) {
  const platform = usePlatform();
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
