import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isPageBusy, subscribePageBusy } from './pageBusy';
import { useDeferredArrival } from './useDeferredArrival';

const renders: Array<{ value: string | undefined; shown: string | undefined }> = [];

function Probe({ value }: { value: string | undefined }) {
  const shown = useDeferredArrival(value);
  renders.push({ value, shown });
  return <p data-testid="shown">{shown ?? 'nothing'}</p>;
}

describe('useDeferredArrival', () => {
  it('holds a value back when it first arrives (the page busy meanwhile), and shows later changes at once', async () => {
    // What was on screen at each change of the page's busy mark.
    const marks: Array<{ busy: boolean; onScreen: string | null }> = [];
    const stop = subscribePageBusy(() =>
      marks.push({ busy: isPageBusy(), onScreen: screen.getByTestId('shown').textContent }),
    );
    try {
      const view = render(<Probe value={undefined} />);
      renders.length = 0;
      view.rerender(<Probe value="first" />);
      // The urgent render still shows nothing; the value comes with a background render.
      expect(renders[0]).toEqual({ value: 'first', shown: undefined });
      expect(await screen.findByText('first')).toBeInTheDocument();
      expect(marks).toEqual([
        { busy: true, onScreen: 'nothing' },
        { busy: false, onScreen: 'first' },
      ]);

      renders.length = 0;
      view.rerender(<Probe value="second" />);
      expect(renders[0]).toEqual({ value: 'second', shown: 'second' });
      expect(isPageBusy()).toBe(false);
    } finally {
      stop();
    }
  });
});
