import { DESKTOP_URL_VARIABLE, serveDesktopRenderer } from './desktopRenderer';
import { BASE_URL_VARIABLE, MAILBOX_VARIABLE } from './env';
import { startServer } from './server';

/**
 * One real server for the whole run, and the built desktop renderer served on an origin of its own
 * that the server allows (CORS); the returned function stops both and deletes the server's data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const desktop = await serveDesktopRenderer();
  const server = await startServer({ corsOrigins: desktop ? [desktop.origin] : [] });
  process.env[BASE_URL_VARIABLE] = server.baseUrl;
  process.env[MAILBOX_VARIABLE] = server.mailbox;
  if (desktop) {
    desktop.useServer(server.baseUrl);
    process.env[DESKTOP_URL_VARIABLE] = `${desktop.origin}/index.html`;
  }
  return async () => {
    await server.stop();
    await desktop?.stop();
  };
}
