// Keys are made by the server ("materials/<uuid>"), but a store still refuses anything else: a key is a
// path below DATA_DIR/files, so one slipped through from a request ("../../jwt-secret") would reach
// files outside the store. Both stores check, so a key that works on one works on the other.

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export class InvalidFileKeyError extends Error {}

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) {
    throw new InvalidFileKeyError(
      `Invalid file key ${JSON.stringify(key.slice(0, 100))}: lowercase letters, digits, - and / only`,
    );
  }
  return key;
}

export function checkRange(range: { start: number; end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}
