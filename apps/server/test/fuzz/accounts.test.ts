import { TARGETS } from './catalogue.js';
import { fuzz } from './run.js';

// Fuzzing of the health, account, user and administration calls (see run.ts).
fuzz(TARGETS.filter(({ call }) => / \/api\/(health|auth|users|admin)\b/.test(call)));
