import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlatformProvider } from '../platform/PlatformContext';
import type { Platform } from '../platform/platform';
import { Avatar } from './Avatar';

const webPlatform: Platform = {
  kind: 'web',
  apiBaseUrl: '/api',
  storage: { get: () => null, set: () => {}, remove: () => {} },
  openExternal: () => {},
  openExternalLater: () => ({ go: () => {}, cancel: () => {} }),
};

const pictureOf = (container: HTMLElement) => container.querySelector('img');

describe('Avatar', () => {
  it('shows an http(s) picture exactly as given', () => {
    const url = 'https://example.com/me.png?q="><img src=x onerror=alert(1)>';
    const { container } = render(<Avatar name="Ada Lovelace" picture={url} />);
    expect(pictureOf(container)).toHaveAttribute('src', url);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    '//evil.example/me.png',
    'my-photo.png',
  ])('never puts %j in an image: the initial is shown instead', (picture) => {
    const { container } = render(<Avatar name="Ada Lovelace" picture={picture} />);
    expect(pictureOf(container)).toBeNull();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('A');
  });

  it('shows an uploaded picture from the API’s origin: the page’s on the web, the server’s on the desktop', () => {
    const path = '/api/avatars/0b6f2c1e-2d3a-4c5b-8e9f-001122334455';
    const web = render(<Avatar name="Ada" picture={path} />);
    expect(pictureOf(web.container)).toHaveAttribute('src', path);
    const desktop = { ...webPlatform, kind: 'desktop' as const, apiBaseUrl: 'https://school.example/api' };
    const { container } = render(
      <PlatformProvider platform={desktop}>
        <Avatar name="Ada" picture={path} />
      </PlatformProvider>,
    );
    expect(pictureOf(container)).toHaveAttribute('src', `https://school.example${path}`);
    // Only the server's own avatar paths: another relative path is no picture.
    const other = render(<Avatar name="Ada" picture="/api/users/mentors" />);
    expect(pictureOf(other.container)).toBeNull();
  });

  it('falls back to the initial when the picture fails to load', () => {
    const { container } = render(<Avatar name="Grace Hopper" picture="https://example.com/gone.png" />);
    const image = pictureOf(container);
    if (!image) throw new Error('the picture was not shown');
    fireEvent.error(image);
    expect(pictureOf(container)).toBeNull();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('G');
  });
});
