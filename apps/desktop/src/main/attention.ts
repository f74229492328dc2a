// The app asking for attention (issue #24): an OS notification when the review queue grows, and the
// queue's open count as the app's badge. Electron's Notification and app come in as parameters, so the
// tests use stand-ins (test/fakeElectron.ts).

/** The part of Electron's Notification class used here. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}
export interface NotificationClassLike {
  isSupported(): boolean;
  new (options: { title: string; body: string; silent?: boolean }): NotificationLike;
}

/** The part of Electron's app used here. */
export interface BadgeAppLike {
  setBadgeCount(count?: number): boolean;
}

/** The part of a BrowserWindow a notification's click brings to the front. */
export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface AttentionOptions {
  Notification: NotificationClassLike;
  app: BadgeAppLike;
  /** The main window now (null while there is none). */
  window(): FocusableWindow | null;
  log: { warn(message: string): void };
}

export function createAttention({ Notification, app, window, log }: AttentionOptions) {
  // Shown notifications are kept until clicked or replaced: one Electron garbage-collects may lose its click.
  let shown: NotificationLike | null = null;
  return {
    notify(title: string, body: string): void {
      if (!Notification.isSupported()) {
        log.warn('Notifications are not supported here');
        return;
      }
      const notification = new Notification({ title, body });
      notification.on('click', () => {
        const win = window();
        if (!win) return;
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
      });
      notification.show();
      shown = notification;
    },
    setBadgeCount(count: number): void {
      // False where the platform has no badge (most Linux launchers without Unity's API): nothing to do then.
      if (!app.setBadgeCount(count)) log.warn(`The badge count could not be set to ${count}`);
    },
    /** The notification shown last, for tests. */
    get lastShown(): NotificationLike | null {
      return shown;
    },
  };
}
