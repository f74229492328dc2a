import { TARGETS } from './catalogue.js';
import { fuzz } from './run.js';

// Fuzzing of the health, API documentation, account, user and administration calls (see run.ts).
fuzz(TARGETS.filter(({ call }) => / \/api\/(health|openapi\.json|docs|auth|users|avatars|admin)\b/.test(call)));
