import { PassThrough } from 'node:stream';
import { createLogger } from '../src/logger.js';

/**
 * A logger writing its JSON lines to memory, to see exactly what the server logs: `lines` holds each
 * whole line once it has arrived (a chunk may end mid-line).
 */
export function captureLog(level = 'trace') {
  const sink = new PassThrough();
  const lines: string[] = [];
  let partial = '';
  sink.on('data', (chunk) => {
    partial += String(chunk);
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    lines.push(...complete.filter(Boolean));
  });
  return { logger: createLogger(level, sink), lines };
}
