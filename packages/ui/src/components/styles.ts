// Shared class lists, so every button, field and card looks and behaves the same.

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

const buttonBase = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const buttonPrimary = `${buttonBase} bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 disabled:hover:bg-indigo-600`;

export const buttonSecondary = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

export const buttonGhost = `${buttonBase} text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white`;

/** For actions that destroy something (delete, unenrol): red in both themes, white text at AA contrast. */
export const buttonDanger = `${buttonBase} bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:hover:bg-red-600`;

export const iconButton = `inline-flex size-10 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

export const inputField =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 shadow-sm transition-colors focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-indigo-400 dark:focus:outline-indigo-400/30 dark:aria-[invalid=true]:border-red-400';

export const fieldLabel = 'mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200';

export const card = 'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

/**
 * For the items of a long list (classes, posts, replies): the browser styles, lays out and paints only
 * those near the screen; the others keep an estimated (then their last) height. A page of twenty posts
 * or a hundred replies is then no longer one long rendering task. They stay in the page for find in
 * page, keyboard focus and screen readers.
 *
 * Around the whole item, form included, although Chrome's autofill then lays out each skipped item that
 * holds a field: skipping only the content would let it spill over its estimated height onto the form.
 */
export const lazyListItem = '[content-visibility:auto] [contain-intrinsic-size:auto_16rem]';

export const textLink = `rounded font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300 ${focusRing}`;

export { focusRing };
