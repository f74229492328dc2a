import type { ClassItem } from '@mentora/contract';
import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonSecondary, card } from '../../components/styles';
import type { ClassActions } from './classActions';

/** The way into the class's discussions, or why it is closed to this reader. */
export function ClassDiscussionsCard({
  cls,
  can,
}: {
  cls: ClassItem;
  can: Pick<ClassActions, 'isCreator' | 'canSeeDiscussions' | 'canStartDiscussion'>;
}) {
  const discussionsQuery = `classId=${encodeURIComponent(cls._id)}`;
  return (
    <section aria-labelledby="discussions-heading" className={`${card} space-y-3 p-5 sm:p-6`}>
      <h2 id="discussions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Discussions
      </h2>
      {can.canSeeDiscussions ? (
        <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
          <Link to={`/discussions?${discussionsQuery}`} className={`${buttonSecondary} flex-1`}>
            <MessagesSquare aria-hidden="true" className="size-4" />
            View discussions
          </Link>
          {can.canStartDiscussion && (
            <Link to={`/discussions/create?${discussionsQuery}`} className={`${buttonSecondary} flex-1`}>
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              Start Discussion
            </Link>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {can.isCreator
            ? "Only the class's mentor and its learners read its discussions."
            : "Enrol to read this class's discussions and start your own."}
        </p>
      )}
    </section>
  );
}
