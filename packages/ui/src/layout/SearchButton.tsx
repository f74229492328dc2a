import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { iconButton } from '../components/styles';

// The search dialog is its own chunk: loaded when first opened (or when the pointer or focus reaches
// the button, so it is usually there by the click), never with the landing page.
const loadDialog = () => import('../search/SearchDialog');
const SearchDialog = lazy(async () => ({ default: (await loadDialog()).SearchDialog }));

/** Ctrl+K, or Cmd+K on a Mac. */
export const isSearchShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/** The navbar's search button, and Ctrl/Cmd+K anywhere, opening the global search. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  // Mounted once opened, so that closing keeps what was typed for the next time.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setMounted(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K"
        title="Search (Ctrl+K)"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
