import { useOpenCount } from './queries';

/**
 * The open queue count beside the Admin link of the navigation bar (admins only: the bar loads this
 * lazily for them). The `moderation.queue` live event keeps it current; nothing shows at zero.
 */
export function OpenCountBadge() {
  const count = useOpenCount(true).data;
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({count} open in the review queue)</span>
    </>
  );
}
