import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageBusy } from './pageBusy';
import { useDeferredArrival } from './useDeferredArrival';

const renders: Array<{ value: string | undefined; shown: string | undefined; busy: boolean }> = [];

function Probe({ value }: { value: string | undefined }) {
  const shown = useDeferredArrival(value);
  const busy = usePageBusy();
  renders.push({ value, shown, busy });
  return <p data-testid="shown">{shown ?? 'nothing'}</p>;
}

describe('useDeferredArrival', () => {
  it('holds a value back when it first arrives (the page busy meanwhile), and shows later changes at once', async () => {
    const view = render(<Probe value={undefined} />);
    renders.length = 0;
    view.rerender(<Probe value="first" />);
    // The urgent render still shows nothing; the value comes with a background render.
    expect(renders[0]).toEqual({ value: 'first', shown: undefined, busy: false });
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(renders.some((r) => r.shown === undefined && r.busy)).toBe(true);
    expect(renders.at(-1)).toEqual({ value: 'first', shown: 'first', busy: false });

    renders.length = 0;
    view.rerender(<Probe value="second" />);
    expect(renders[0]).toEqual({ value: 'second', shown: 'second', busy: false });
  });
});
