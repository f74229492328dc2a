import { ShieldUser } from 'lucide-react';
import { PeopleList } from './people';
import { useAdmins } from './queries';
import { useRoleChange } from './useRoleChange';

/**
 * The administrators, newest first, each with the role selector of the other people lists: demoting an
 * admin is a role change like any other (the server refuses the one that would leave no admin, and its
 * message is shown). Admins are not deleted here (API.md), so the rows have no delete button; your own
 * row says "(you)" and its selector is disabled: another admin changes your role.
 */
export function AdminsPanel() {
  const admins = useAdmins();
  const roles = useRoleChange();
  return (
    <PeopleList
      people={admins}
      title="Admins"
      description="Everyone who can open this dashboard, newest first. Change a role to take admin access away; your own role is changed by another admin, and there is always at least one."
      emptyIcon={ShieldUser}
      emptyText="No administrators."
      roles={roles}
    />
  );
}
