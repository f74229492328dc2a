// bcrypt's work, run in the worker threads of passwords.ts so that no hash holds up the main thread.
// Plain JavaScript: the same file runs from the sources (vitest, tsx) and from the build (its own entry
// in build.mjs, dist/passwordWorker.js), where Node loads it without a TypeScript loader.
import bcrypt from 'bcryptjs';

/** @param {{ password: string, cost: number }} task */
export function hash({ password, cost }) {
  return bcrypt.hashSync(password, cost);
}

/** @param {{ password: string, hash: string }} task */
export function compare({ password, hash }) {
  return bcrypt.compareSync(password, hash);
}
