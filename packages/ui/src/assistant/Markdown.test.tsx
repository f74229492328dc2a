import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../platform/PlatformContext';
import { memoryPlatform } from '../test/memoryPlatform';
import { Markdown } from './Markdown';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.hash}`}</p>;
}

function renderAnswer(source: string, onNavigate = vi.fn()) {
  const platform = memoryPlatform();
  const view = render(
    <PlatformProvider platform={platform}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Where />
        <Routes>
          <Route path="*" element={<Markdown source={source} onNavigate={onNavigate} />} />
        </Routes>
      </MemoryRouter>
    </PlatformProvider>,
  );
  return { ...view, platform, onNavigate };
}

describe('Markdown', () => {
  it('follows an app link inside the app and tells the chat', async () => {
    const user = userEvent.setup();
    const { onNavigate } = renderAnswer('Try [TypeScript 101](/classes/abc).');
    const link = screen.getByRole('link', { name: 'TypeScript 101' });
    expect(link).toHaveAttribute('href', '/classes/abc');
    expect(link).not.toHaveAttribute('target');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/classes/abc');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('keeps the hash of a community post link', async () => {
    const user = userEvent.setup();
    renderAnswer('[A post](/community#post-7)');
    await user.click(screen.getByRole('link', { name: 'A post' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/community#post-7');
  });

  it('opens an http(s) link through the Platform, never in the app window', async () => {
    const user = userEvent.setup();
    const { platform } = renderAnswer('Docs: [MDN](https://developer.mozilla.org/)');
    const link = screen.getByRole('link', { name: 'MDN' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(link);
    expect(platform.opened).toEqual(['https://developer.mozilla.org/']);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('makes no link of javascript:, data: or protocol-relative targets', () => {
    const { container } = renderAnswer(
      '[one](javascript:alert(1)) [two](data:text/html,x) [three](//evil.example) [four](vbscript:x)',
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('one two three four');
  });

  it('shows HTML in an answer as text: no element is ever created from it', () => {
    const { container } = renderAnswer('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  });

  it('renders bullets as a list and keeps line breaks and paragraphs', () => {
    const { container } = renderAnswer('Found:\n- [A](/classes/1): one\n- B\n\nFirst line\nsecond line');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['A: one', 'B']);
    const paragraphs = container.querySelectorAll('p:not([data-testid])');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[1]?.querySelectorAll('br')).toHaveLength(1);
  });

  it('keeps the words of a refused link and drops its target', () => {
    const { container } = renderAnswer('[click me](javascript:alert(document.cookie)) now');
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('click me now');
  });

  it('reads escaped brackets in link text, as the server writes them', () => {
    renderAnswer('[Arrays \\[advanced\\]](/classes/9)');
    expect(screen.getByRole('link', { name: 'Arrays [advanced]' })).toHaveAttribute('href', '/classes/9');
  });

  it('leaves brackets that are not links alone', () => {
    const { container } = renderAnswer('an [aside] and a (note) and [open');
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('an [aside] and a (note) and [open');
  });

  it('keeps HTML inside link text as text', () => {
    const { container } = renderAnswer('[<b>x</b>](/classes/1)');
    expect(screen.getByRole('link', { name: '<b>x</b>' })).toHaveAttribute('href', '/classes/1');
    expect(container.querySelector('b')).toBeNull();
  });

  it('makes no image, and shows headings and code as plain text', () => {
    const { container } = renderAnswer('# Title\n\n![x](https://evil.example/x.png)\n\n`code`');
    expect(container.querySelector('img, h1, code')).toBeNull();
    expect(container).toHaveTextContent('Title');
    expect(container).toHaveTextContent('code');
  });

  it('lists bullets written with * as well as -', () => {
    renderAnswer('Classes:\n* [TS 101](/classes/1): programming\n* [TS 201](/classes/2)');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['TS 101: programming', 'TS 201']);
  });

  it('renders nothing for an empty answer', () => {
    const { container } = renderAnswer('');
    expect(container.querySelectorAll('p:not([data-testid]), ul, a')).toHaveLength(0);
  });
});
