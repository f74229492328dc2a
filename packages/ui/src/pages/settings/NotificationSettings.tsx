import {
  type EmailDelivery,
  MESSAGES,
  type NotificationPreference,
  type NotificationTopic,
  type UpdateNotificationPreferencesRequest,
} from '@mentora/contract';
import { Info } from 'lucide-react';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { SelectField } from '../../components/FormField';
import { viewerTimeZone } from '../../components/formatters';
import { Spinner } from '../../components/Spinner';
import { inputField } from '../../components/styles';
import { useNotificationPreferences, useSavePreferences } from '../notifications/preferencesQueries';

const TOPICS: Record<NotificationTopic, { label: string; description: string }> = {
  replies: { label: 'Replies', description: 'Replies to your discussions and community posts.' },
  sessions: {
    label: 'Class sessions',
    description: 'Live sessions starting, and sessions scheduled, moved, cancelled or about to start.',
  },
  discussions: { label: 'New discussions', description: 'Discussions started in your classes.' },
  classes: { label: 'Classes', description: 'Learners enrolling in your classes, or being taken off one.' },
  likes: { label: 'Likes', description: 'Likes of your community posts.' },
  account: {
    label: 'Account and moderation',
    description: 'Verification, warnings, restrictions and what became of your reports.',
  },
};

const EMAIL_CHOICES: { value: EmailDelivery; label: string }[] = [
  { value: 'immediate', label: 'At once' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'Off' },
];

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Every zone the browser knows, with the chosen one and UTC sure to be there. */
function zoneChoices(current: string | null): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...known, ...(current ? [current] : [])]);
  return [...all].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/**
 * Settings' Notifications section (issue #29): per topic, shown in the app or not and sent by email at
 * once, in the daily digest or not at all, saved as soon as it is changed; and the time zone the digest
 * keeps.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const save = useSavePreferences();
  const zones = useMemo(() => zoneChoices(preferences.data?.timeZone ?? null), [preferences.data?.timeZone]);

  const change = (update: UpdateNotificationPreferencesRequest) =>
    save.mutate(update, {
      onSuccess: () => toast.success(MESSAGES.notificationPreferences.saved),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.notificationPreferences.saveFailed)),
    });

  if (preferences.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="size-4" />
        Loading your notification settings...
      </p>
    );
  }
  if (preferences.isError) {
    return <ErrorAlert>{errorMessage(preferences.error, MESSAGES.notificationPreferences.loadFailed)}</ErrorAlert>;
  }
  const { emailEnabled, digestHour, timeZone } = preferences.data;

  return (
    <div className="space-y-5">
      {!emailEnabled && (
        <p className="flex items-start gap-2 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          This server does not send email: you choose what you see in the app.
        </p>
      )}
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Notification topics">
        {preferences.data.preferences.map((preference) => (
          <TopicRow
            key={preference.topic}
            preference={preference}
            emailEnabled={emailEnabled}
            busy={save.isPending}
            onChange={(choice) => change({ preferences: [{ topic: preference.topic, ...choice }] })}
          />
        ))}
      </ul>
      {emailEnabled && (
        <div className="sm:max-w-sm">
          <SelectField
            label="Time zone of your daily digest"
            value={timeZone ?? viewerTimeZone() ?? 'UTC'}
            options={zones}
            disabled={save.isPending}
            onChange={(event) => change({ timeZone: event.target.value })}
            hint={`The digest comes at ${hourLabel(digestHour)} in this zone, when there is something in it.`}
          />
        </div>
      )}
    </div>
  );
}

function TopicRow({
  preference,
  emailEnabled,
  busy,
  onChange,
}: {
  preference: NotificationPreference;
  emailEnabled: boolean;
  busy: boolean;
  onChange: (choice: { inApp?: boolean; email?: EmailDelivery }) => void;
}) {
  const { label, description } = TOPICS[preference.topic];
  return (
    <li
      className={`grid gap-3 py-4 first:pt-0 sm:items-center sm:gap-6 ${emailEnabled ? 'sm:grid-cols-[1fr_auto_10rem]' : 'sm:grid-cols-[1fr_auto]'}`}
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">{label}</p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {description}
          {preference.inAppLocked && ' Always shown in the app.'}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600 dark:accent-indigo-400"
          checked={preference.inApp}
          disabled={preference.inAppLocked || busy}
          aria-label={`${label} in the app`}
          onChange={(event) => onChange({ inApp: event.target.checked })}
        />
        In the app
      </label>
      {emailEnabled && (
        <label className="block text-sm text-slate-700 dark:text-slate-300">
          <span className="mb-1 block sm:sr-only">By email</span>
          <select
            className={inputField}
            value={preference.email}
            disabled={busy}
            aria-label={`${label} by email`}
            onChange={(event) => onChange({ email: event.target.value as EmailDelivery })}
          >
            {EMAIL_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </li>
  );
}
