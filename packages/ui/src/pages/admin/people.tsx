import type { User } from '@mentora/contract';
import { ROLE_LABELS } from '../../auth/roles';
import { Avatar } from '../../components/Avatar';
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

export const roleColumn: Column<User> = {
  header: 'Role',
  cell: (user) => <span className="whitespace-nowrap">{ROLE_LABELS[user.role]}</span>,
};
