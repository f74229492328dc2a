import { TARGETS } from './catalogue.js';
import { fuzz } from './run.js';

// Fuzzing of the class, enrolment, live session, material and review calls, and the mentor's dashboard (see run.ts).
fuzz(TARGETS.filter(({ call }) => / \/api\/(classes|calendar|reviews|materials|dashboard)\b/.test(call)));
