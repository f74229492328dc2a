import { TARGETS } from './catalogue.js';
import { fuzz } from './run.js';

// Fuzzing of the discussion, community, assistant, notification and live event calls (see run.ts).
fuzz(TARGETS.filter(({ call }) => / \/api\/(discussions|community|search|gemini|notifications|events)\b/.test(call)));
