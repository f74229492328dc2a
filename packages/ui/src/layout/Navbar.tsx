import { type Role, SCROLL_THRESHOLD_PX } from '@mentora/contract';
import { LogOut, Menu, Moon, Sun, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { isAdmin } from '../auth/roles';
import { Avatar } from '../components/Avatar';
import { Logo } from '../components/Logo';
import { buttonGhost, buttonPrimary, focusRing, iconButton } from '../components/styles';
import { useTheme } from '../theme/ThemeContext';
import { AccountMenu } from './AccountMenu';
import { ACCOUNT_LINKS, mainLinksFor } from './navigation';
import { SearchButton } from './SearchButton';
import { useAfterPageLoad } from './useAfterPageLoad';
import { useScrolledPast } from './useScrolledPast';

// The bell (and the schemas its notifications are checked with) is its own chunk, loaded only for
// someone signed in (the landing page's JavaScript stays small), once the page itself has loaded. Until
// then, a box of its size.
const NotificationBell = lazy(async () => ({ default: (await import('./NotificationBell')).NotificationBell }));
const bellPlaceholder = <span aria-hidden="true" className="inline-block size-10" />;
// The review queue's open count beside the Admin link: its own small chunk, for admins only.
const OpenCountBadge = lazy(async () => ({
  default: (await import('../pages/admin/moderation/OpenCountBadge')).OpenCountBadge,
}));
const adminBadge = (to: string, role: Role | undefined) =>
  to === '/admin' && isAdmin(role) ? (
    <Suspense fallback={null}>
      <OpenCountBadge />
    </Suspense>
  ) : null;

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium ${focusRing} ${
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" onClick={toggleTheme} className={iconButton} aria-label={`Switch to ${next} theme`}>
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}

/**
 * The fixed bar at the top (h-16): brand, links, theme, notifications, account, and the mobile menu.
 * `assistantSlot`, when given, receives the element where the assistant puts its launcher (on a phone:
 * assistant/placement.ts); it keeps the launcher's size while the assistant's code loads.
 */
export function Navbar({ assistantSlot = null }: { assistantSlot?: ((element: HTMLElement | null) => void) | null }) {
  const { status, user, logout } = useAuth();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const mobileMenuId = useId();
  const signedIn = status === 'signedIn' && user !== null;
  const showBell = useAfterPageLoad(signedIn);

  // The mobile menu closes whenever the location changes (SPEC.md section 2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const solid = scrolled || menuOpen;

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 h-16 border-b transition-[background-color,border-color,box-shadow] duration-200 ${
        solid
          ? 'border-slate-200 bg-white/90 shadow-sm backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/90'
          : 'border-transparent bg-transparent'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="Mentora home" className={`rounded-lg ${focusRing}`}>
          <Logo />
        </Link>

        {signedIn && (
          <ul className="ml-4 hidden items-center gap-1 md:flex">
            {mainLinksFor(user?.role).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={desktopLink}>
                  {link.label}
                  {adminBadge(link.to, user?.role)}
                </NavLink>
              </li>
            ))}
          </ul>
        )}

        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          {signedIn && <SearchButton />}
          {signedIn && assistantSlot && <span ref={assistantSlot} className="inline-flex size-10" />}
          <ThemeToggle />
          {signedIn ? (
            <>
              {showBell ? (
                <Suspense fallback={bellPlaceholder}>
                  <NotificationBell />
                </Suspense>
              ) : (
                bellPlaceholder
              )}
              <div className="hidden md:block">
                <AccountMenu user={user} onLogout={() => void logout()} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to="/login" className={buttonGhost}>
                Login
              </Link>
              <Link to="/register" className={buttonPrimary}>
                Register
              </Link>
            </div>
          )}
          <button
            type="button"
            className={`${iconButton} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </nav>

      <nav
        aria-label="Mobile"
        id={mobileMenuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {signedIn ? (
          <>
            <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 dark:border-slate-800">
              <Avatar name={user.name} picture={user.profilePicture} className="size-10 text-base" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
              </div>
            </div>
            <ul className="space-y-1 pt-2">
              {mainLinksFor(user?.role).map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={mobileLink}>
                    <Icon aria-hidden="true" className="size-5" />
                    {label}
                    {adminBadge(to, user?.role)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="mt-2 space-y-1 border-t border-slate-200 pt-2 dark:border-slate-800">
              {ACCOUNT_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <NavLink to={to} className={mobileLink}>
                    {label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setMenuOpen(false);
                    void logout();
                  }}
                  className={`${mobileLink({ isActive: false })} w-full text-left`}
                >
                  <LogOut aria-hidden="true" className="size-5" />
                  Logout
                </button>
              </li>
            </ul>
          </>
        ) : (
          <ul className="space-y-2 pt-2">
            <li>
              <NavLink to="/login" className={mobileLink}>
                Login
              </NavLink>
            </li>
            <li>
              <Link to="/register" className={`${buttonPrimary} w-full py-3 text-base`}>
                Register
              </Link>
            </li>
          </ul>
        )}
      </nav>
    </header>
  );
}
