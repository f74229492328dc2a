// The server's version, from its package.json: esbuild bundles the file into dist/main.js, so the
// built server says the version it was built from, wherever it runs.
import serverPackage from '../package.json' with { type: 'json' };

export const SERVER_VERSION: string = serverPackage.version;
