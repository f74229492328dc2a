import { Users } from 'lucide-react';
import { PeopleList } from './people';
import { useLearners } from './queries';
import { useAdminDelete } from './useAdminDelete';
import { useRoleChange } from './useRoleChange';
import { useSanctions } from './useSanctions';

export function LearnersPanel() {
  const learners = useLearners();
  const { deleteButton, dialog } = useAdminDelete();
  const roles = useRoleChange();
  const sanctions = useSanctions();
  return (
    <PeopleList
      people={learners}
      title="Learners"
      description="Everyone who learns on Mentora, newest first (people who both teach and learn are listed under Mentors too)."
      emptyIcon={Users}
      emptyText="No learners yet."
      roles={roles}
      actions={(user) => (
        <>
          {sanctions.buttons(user, roles.changingId === user._id)}
          {deleteButton({
            kind: 'learner',
            id: user._id,
            name: user.name,
            busy: roles.changingId === user._id,
            title: 'Delete this learner?',
            message: (
              <>
                <strong className="font-semibold">{user.name}</strong>'s account will be deleted with their enrolments,
                reviews, discussions, posts and replies. This cannot be undone.
              </>
            ),
            confirmLabel: 'Delete learner',
          })}
        </>
      )}
    >
      {dialog}
      {sanctions.dialogs}
    </PeopleList>
  );
}
