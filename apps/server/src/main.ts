import { runServer } from './start.js';

// `pnpm start`: the API and the built web app from one process (see start.ts).
runServer();
