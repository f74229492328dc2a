import { BASE_URL_VARIABLE, MAILBOX_VARIABLE } from './env';
import { startServer } from './server';

/** One real server for the whole run; the returned function stops it and deletes its data. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env[BASE_URL_VARIABLE] = server.baseUrl;
  process.env[MAILBOX_VARIABLE] = server.mailbox;
  return () => server.stop();
}
