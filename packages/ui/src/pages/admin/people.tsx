import { ROLES, type Role, type User } from '@mentora/contract';
import { ROLE_LABELS } from '../../auth/roles';
import { Avatar } from '../../components/Avatar';
import { focusRing } from '../../components/styles';
import type { Column } from './DataTable';

/** A person's name with their avatar: the title of their row. */
export function PersonName({ user }: { user: User }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} picture={user.profilePicture} className="size-8 text-xs" />
      <span className="min-w-0 break-words">{user.name}</span>
    </span>
  );
}

export const usernameColumn: Column<User> = {
  header: 'Username',
  inCard: false,
  cell: (user) => <span className="font-mono text-xs">@{user.username}</span>,
};

export const emailColumn: Column<User> = {
  header: 'Email',
  inCard: false,
  cell: (user) => <span className="break-all">{user.email}</span>,
};

/** On a card, username and email go under the name, where they have the card's whole width. */
export function PersonSubtitle({ user }: { user: User }) {
  return (
    <>
      <span className="block font-mono text-xs">@{user.username}</span>
      <span className="block break-all">{user.email}</span>
    </>
  );
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The person's role, as a selector: choosing another asks for confirmation (see useRoleChange); the
 * selector keeps showing the current role until the change is made.
 */
export function roleColumn(choose: (user: User, role: Role) => void, changingId: string | null): Column<User> {
  return {
    header: 'Role',
    cell: (user) => (
      <select
        aria-label={`Role of ${user.name}`}
        value={user.role}
        disabled={changingId === user._id}
        onChange={(event) => {
          if (isRole(event.target.value)) choose(user, event.target.value);
        }}
        className={`rounded-lg border border-slate-300 bg-white py-1 pr-7 pl-2 text-xs font-medium text-slate-800 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${focusRing}`}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    ),
  };
}
