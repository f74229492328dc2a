// The renderer's Content Security Policy. It is sent as a header by the app:// protocol handler (and on
// the dev server's pages in development), built from the saved server address: the page may connect to
// that one server and nowhere else, which a static <meta> tag could only allow as "any http: and https:".

function serverOrigin(serverUrl: string | null): string | null {
  if (!serverUrl) return null;
  try {
    return new URL(serverUrl).origin;
  } catch {
    return null;
  }
}

export interface CspOptions {
  /** The dev server's origin (electron-vite dev): its inline React Refresh preamble and HMR socket. */
  devServerOrigin?: string;
}

export function contentSecurityPolicy(serverUrl: string | null, { devServerOrigin }: CspOptions = {}): string {
  const server = serverOrigin(serverUrl);
  const connect = ["'self'", ...(server ? [server] : [])];
  const script = ["'self'"];
  if (devServerOrigin) {
    const ws = devServerOrigin.replace(/^http/, 'ws');
    connect.push(devServerOrigin, ws);
    script.push("'unsafe-inline'");
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['script-src-attr', ["'none'"]],
    // react-hot-toast writes its styles into a <style> element at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Profile pictures are any http(s) URL a user gives (as on the web, see the server's helmet policy).
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', 'http:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
