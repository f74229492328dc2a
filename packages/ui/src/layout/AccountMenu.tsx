import type { User } from '@mentora/contract';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../components/Avatar';
import { Popover } from '../components/Popover';
import { focusRing } from '../components/styles';

const itemClass = `flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

/** The avatar button and its small menu: Profile, Settings, Logout. */
export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <Popover
      label={`Account menu for ${user.name}`}
      className="relative"
      buttonClassName={`flex items-center gap-1 rounded-full p-0.5 text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
      button={(open) => (
        <>
          <Avatar name={user.name} picture={user.profilePicture} />
          <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </>
      )}
      panelClassName="absolute right-0 mt-2 w-60 origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {(close) => (
        <>
          <div className="border-b border-slate-200 px-3 pt-1.5 pb-2.5 dark:border-slate-700">
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <ul className="pt-1.5">
            <li>
              <Link to="/profile" className={itemClass}>
                <UserRound aria-hidden="true" className="size-4" />
                Profile
              </Link>
            </li>
            <li>
              <Link to="/settings" className={itemClass}>
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            </li>
          </ul>
        </>
      )}
    </Popover>
  );
}
