import { TARGETS } from './catalogue.js';
import { fuzz } from './run.js';

// Fuzzing of the moderation calls: reports, the review queue and its resolutions (see run.ts).
fuzz(TARGETS.filter(({ call }) => / \/api\/(reports|moderation)\b/.test(call)));
