import { type CalendarFeedResponse, calendarFeedResponseSchema, MESSAGES } from '@mentora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useApi } from '../../api/ApiContext';
import { errorMessage, ResponseFormatError } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { buttonSecondary, fieldLabel, inputField } from '../../components/styles';

const feedKey = ['calendarFeed'] as const;

function feedOf(data: unknown): CalendarFeedResponse {
  const parsed = calendarFeedResponseSchema.safeParse(data);
  if (!parsed.success) throw new ResponseFormatError(MESSAGES.calendarFeed.loadFailed);
  return parsed.data;
}

/**
 * The caller's private calendar feed (GET /calendar/feed): a link to paste into Google Calendar, Outlook
 * or Apple Calendar, copied with one click, and replaced (POST /calendar/feed/reset) after a confirmation
 * when it has been shared by mistake.
 */
export function CalendarFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  const field = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const feed = useQuery({
    queryKey: feedKey,
    queryFn: async ({ signal }) => feedOf((await api.get<unknown>('/calendar/feed', { signal })).data),
  });
  const reset = useMutation({
    mutationFn: async () => feedOf((await api.post<unknown>('/calendar/feed/reset')).data),
    onSuccess: (data) => {
      queryClient.setQueryData(feedKey, data);
      setConfirming(false);
      toast.success(MESSAGES.calendarFeed.reset);
    },
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MESSAGES.calendarFeed.copied);
    } catch {
      // Without clipboard access (an older browser, a denied permission) the link is selected to copy by hand.
      field.current?.select();
      toast.error(MESSAGES.calendarFeed.copyFailed);
    }
  };

  if (feed.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="size-4" />
        Loading your calendar link...
      </p>
    );
  }
  if (feed.isError) return <ErrorAlert>{errorMessage(feed.error, MESSAGES.calendarFeed.loadFailed)}</ErrorAlert>;
  const { url } = feed.data;
  return (
    <div>
      <label htmlFor="calendar-feed-url" className={fieldLabel}>
        Calendar link
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={field}
          id="calendar-feed-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby="calendar-feed-hint"
          className={`${inputField} min-w-0 flex-1 font-mono text-xs`}
        />
        <button type="button" className={`${buttonSecondary} shrink-0`} onClick={() => void copy(url)}>
          <Copy aria-hidden="true" className="size-4" />
          Copy link
        </button>
      </div>
      <p id="calendar-feed-hint" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Anyone with this link can see your sessions. If you shared it by mistake, make a new one.
      </p>
      <button
        type="button"
        className={`${buttonSecondary} mt-4 w-full sm:w-auto`}
        onClick={() => {
          reset.reset();
          setConfirming(true);
        }}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        Make a new link
      </button>
      <ConfirmDialog
        open={confirming}
        title="Make a new calendar link?"
        message="The current link stops working: calendars subscribed to it stop updating until you add the new one."
        confirmLabel="Make a new link"
        busyLabel="Making a new link..."
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, MESSAGES.calendarFeed.resetFailed) : null}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
