// zod alone, for a client that loads it ahead of the schemas built with it: evaluating zod and building
// the answer schemas are then two tasks of the browser's main thread instead of one twice as long
// (packages/ui/src/auth/loadSchemas.ts).
export { z } from 'zod';
