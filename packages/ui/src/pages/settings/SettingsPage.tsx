import {
  Bell,
  CalendarDays,
  KeyRound,
  type LucideIcon,
  MonitorSmartphone,
  Moon,
  Palette,
  Server,
  Sun,
  TriangleAlert,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { card } from '../../components/styles';
import { usePlatform } from '../../platform/PlatformContext';
import { useTheme } from '../../theme/ThemeContext';
import type { Theme } from '../../theme/theme';
import { DeleteAccount, LogoutEverywhere } from './AccountActions';
import { CalendarFeed } from './CalendarFeed';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NotificationSettings } from './NotificationSettings';
import { ServerAddressForm } from './ServerAddressForm';

// The card, with a red border instead of the neutral one.
const dangerCard = 'rounded-2xl border border-red-300 bg-white shadow-sm dark:border-red-500/40 dark:bg-slate-900';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  danger?: boolean;
  children: ReactNode;
}

function SettingsSection({ id, title, description, icon: Icon, danger = false, children }: SettingsSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`${danger ? dangerCard : card} scroll-mt-24 p-5 sm:p-6`}
    >
      <div className="flex items-start gap-3">
        <span
          className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg ${
            danger
              ? 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300'
              : 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
          }`}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2
            id={`${id}-heading`}
            className={`text-lg font-semibold ${danger ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white'}`}
          >
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

const THEME_CHOICES: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** The same theme state as the navigation bar's toggle (ThemeContext), as a choice of two. */
function ThemePicker() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset>
      <legend className="sr-only">Theme</legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-500/15 dark:has-[:checked]:text-indigo-100 dark:has-[:focus-visible]:outline-indigo-400"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="size-4 accent-indigo-600 focus-visible:outline-none dark:accent-indigo-400"
            />
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </label>
        ))}
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <MonitorSmartphone aria-hidden="true" className="size-3.5 shrink-0" />
        Until you choose, Mentora follows your device’s setting. Your choice is kept on this device.
      </p>
    </fieldset>
  );
}

/**
 * /settings: theme, notifications, calendar feed, password, sessions and account deletion (DESIGN.md
 * "Deliberate differences"). An email's "choose what you get" link opens it at #notifications.
 */
export function SettingsPage() {
  const { serverAddress } = usePlatform();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Settings</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Appearance, notifications, your calendar link, password and the security of your account.
      </p>

      <div className="mt-8 space-y-6">
        <SettingsSection
          id="appearance"
          title="Appearance"
          description="Choose how Mentora looks to you."
          icon={Palette}
        >
          <ThemePicker />
        </SettingsSection>

        {/* The desktop app only: the web app is served by its own server. */}
        {serverAddress && (
          <SettingsSection
            id="server"
            title="Server"
            description="The Mentora server this app connects to. Switching servers signs you out."
            icon={Server}
          >
            <ServerAddressForm initial={serverAddress.current} onSubmit={serverAddress.change} />
          </SettingsSection>
        )}

        <SettingsSection
          id="notifications"
          title="Notifications"
          description="Choose what you see in the app and what reaches you by email, at once or in a daily digest."
          icon={Bell}
        >
          <NotificationSettings />
        </SettingsSection>

        <SettingsSection
          id="calendar"
          title="Calendar"
          description="Subscribe to this link in Google Calendar, Outlook or Apple Calendar to see the sessions of your classes there, kept up to date."
          icon={CalendarDays}
        >
          <CalendarFeed />
        </SettingsSection>

        <SettingsSection
          id="password"
          title="Change password"
          description="Use at least 8 characters, and a password you do not use anywhere else."
          icon={KeyRound}
        >
          <ChangePasswordForm />
        </SettingsSection>

        <SettingsSection
          id="sessions"
          title="Signed-in devices"
          description="Signed in on a shared or lost device? End every session at once, this one included."
          icon={MonitorSmartphone}
        >
          <LogoutEverywhere />
        </SettingsSection>

        <SettingsSection
          id="delete"
          title="Delete account"
          description="Permanently remove your account and everything it owns. This cannot be undone."
          icon={TriangleAlert}
          danger
        >
          <DeleteAccount />
        </SettingsSection>
      </div>
    </div>
  );
}
