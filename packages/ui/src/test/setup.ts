import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give up after 1 s by default; on a loaded 2-core CI machine a lazy page or a
// query's re-render can take longer. Waiting longer costs nothing when things are fast.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
