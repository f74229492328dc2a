// Apart from React: the detail page and the web shell's boot script (see ../../boot.ts) ask for the same URL.

/** GET /discussions/{id}: the discussion with its replies. */
export const discussionPath = (id: string) => `/discussions/${encodeURIComponent(id)}`;
