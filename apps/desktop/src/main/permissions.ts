// The UI needs no browser permission (camera, microphone, notifications, geolocation, …): live sessions
// run in the system browser. Every request and check is refused, and requests are logged.

/** The part of Electron's Session used here. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

export function denyAllPermissions(session: PermissionSession, log: { warn(message: string): void }): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn(`Denied a permission request: ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}
