import { type AdminUser, ROLES, type Role, type User } from '@mentora/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROLE_LABELS } from '../../auth/roles';
import { Avatar } from '../../components/Avatar';
import { focusRing } from '../../components/styles';
import { type Column, DataTable } from './DataTable';
import { SanctionBadge } from './SanctionBadge';
import { DateCell, Empty, FetchFailed, Loading, PanelHeader } from './ui';
import type { RoleChanges } from './useRoleChange';

/**
 * A person's name with their avatar: the title of their row; "(you)" after the signed-in admin's own name,
 * and the sanction in force under it, if any (admin lists carry it).
 */
export function PersonName({
  user,
  you = false,
}: {
  user: User & Partial<Pick<AdminUser, 'sanction'>>;
  you?: boolean;
}) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} picture={user.profilePicture} className="size-8 text-xs" />
      <span className="min-w-0 break-words">
        {user.name}
        {you && (
          <>
            {' '}
            <span className="font-normal whitespace-nowrap text-slate-600 dark:text-slate-400">(you)</span>
          </>
        )}
        {user.sanction && (
          <span className="mt-1 block font-normal">
            <SanctionBadge sanction={user.sanction} />
          </span>
        )}
      </span>
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

/** What a table of people shares: rows named by the person (with "(you)" on the signed-in admin's), and `columns`. */
export function personTable(columns: Column<User>[], selfId: string | null) {
  return {
    rowKey: (user: User) => user._id,
    titleHeader: 'Name',
    title: (user: User) => <PersonName user={user} you={user._id === selfId} />,
    cardSubtitle: (user: User) => <PersonSubtitle user={user} />,
    columns,
  };
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The person's role, as a selector: choosing another asks for confirmation (see useRoleChange); the
 * selector keeps showing the current role until the change is made. The signed-in admin's own selector
 * is disabled: another admin changes it, so nobody demotes themselves out of the dashboard by a slip.
 */
export function roleColumn({ choose, changingId, selfId }: RoleChanges): Column<User> {
  return {
    header: 'Role',
    cell: (user) => (
      <select
        aria-label={`Role of ${user.name}`}
        title={user._id === selfId ? 'Another administrator can change your role' : undefined}
        value={user.role}
        disabled={changingId === user._id || user._id === selfId}
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

interface PeopleListProps {
  people: UseQueryResult<AdminUser[]>;
  /** The list's heading, and the name of its table. */
  title: string;
  description: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  roles: RoleChanges;
  /** Buttons for a row, if the list has any. */
  actions?: (user: AdminUser) => ReactNode;
  /** What the panel adds after the list (its dialogs). */
  children?: ReactNode;
}

/**
 * One list of people (the Learners and Admins tabs): name, username, email, role selector and the date
 * they joined, newest first; the signed-in admin's own row says "(you)".
 */
export function PeopleList({
  people,
  title,
  description,
  emptyIcon,
  emptyText,
  roles,
  actions,
  children,
}: PeopleListProps) {
  const what = title.toLowerCase();
  if (people.isPending) return <Loading what={what} />;
  if (people.isError) return <FetchFailed error={people.error} onRetry={() => void people.refetch()} />;

  return (
    <section aria-labelledby={`${what}-heading`}>
      <PanelHeader id={`${what}-heading`} title={title} count={String(people.data.length)} description={description} />
      {people.data.length === 0 ? (
        <Empty icon={emptyIcon}>{emptyText}</Empty>
      ) : (
        <DataTable
          caption={title}
          rows={people.data}
          {...personTable(
            [
              usernameColumn,
              emailColumn,
              roleColumn(roles),
              { header: 'Joined', cell: (user) => <DateCell iso={user.createdAt} /> },
            ],
            roles.selfId,
          )}
          actions={actions}
        />
      )}
      {roles.dialog}
      {children}
    </section>
  );
}
