import { Outlet } from 'react-router-dom';
import { AssistantWidget } from '../assistant/AssistantWidget';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Fixed navigation bar, the page, and the footer. */
export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {/* The floating assistant, for signed-in people on every page but the open ones. */}
      <AssistantWidget />
    </div>
  );
}
