import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../platform/PlatformContext';
import type { Platform } from '../platform/platform';
import { ExternalLink } from './ExternalLink';

function renderLink(href: string) {
  const openExternal = vi.fn();
  const platform: Platform = {
    kind: 'web',
    apiBaseUrl: '/api',
    storage: { get: () => null, set: () => {}, remove: () => {} },
    openExternal,
    openExternalLater: () => ({ go: () => {}, cancel: () => {} }),
  };
  render(
    <PlatformProvider platform={platform}>
      <ExternalLink href={href}>Room</ExternalLink>
    </PlatformProvider>,
  );
  return openExternal;
}

describe('ExternalLink', () => {
  it('opens an http(s) URL through the platform', () => {
    const openExternal = renderLink('https://meet.example/room');
    const link = screen.getByRole('link', { name: 'Room' });
    expect(link).toHaveAttribute('href', 'https://meet.example/room');
    fireEvent.click(link);
    expect(openExternal).toHaveBeenCalledWith('https://meet.example/room');
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', '//evil.example', 'not a url'])(
    'shows %s as text, never as a link',
    (href) => {
      const openExternal = renderLink(href);
      expect(screen.queryByRole('link')).toBeNull();
      fireEvent.click(screen.getByText('Room'));
      expect(openExternal).not.toHaveBeenCalled();
    },
  );
});
