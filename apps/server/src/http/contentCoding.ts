import type { Request } from 'express';
import Negotiator from 'negotiator';

export type Coding = 'br' | 'gzip';

/** negotiator's `encoding` with its tie-break option, which its types (@types/negotiator 0.6) predate. */
type ChooseEncoding = (available: readonly string[], options: { preferred: readonly string[] }) => string | undefined;

/**
 * The coding to answer with: the client's order decides between codings of different quality, ours
 * (brotli, then gzip) between codings of equal quality. Browsers list gzip first ("gzip, deflate, br,
 * zstd") without preferring it, and Express's acceptsEncodings would take their order.
 */
export function codingFor(req: Request): Coding | undefined {
  const negotiator = new Negotiator(req) as unknown as { encoding: ChooseEncoding };
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}
