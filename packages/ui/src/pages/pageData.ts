// What a page's first query shares with the route loader that starts it (../routes.tsx).

/**
 * How long a page's first answer counts as fresh. The loader asks for it alongside the page's code, and
 * the page's own query, mounting once that code has arrived, takes it instead of asking again, however
 * the two arrived; a list visited again within this time is shown from the cache. Changes the person
 * makes, and live updates, refresh the cache whatever this says (invalidation ignores it).
 */
export const FIRST_ANSWER_FRESH_MS = 10_000;
