import { MESSAGES } from '@mentora/contract';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { isStrictMentor } from '../../auth/roles';
import { textLink } from '../../components/styles';
import { ClassForm } from './ClassForm';
import { CreateClassAccessDenied, UnverifiedMentorNotice } from './CreateClassNotices';
import { EMPTY_CLASS_FORM } from './classForm';
import { useCreateClass } from './queries';

/** The create-class form (SPEC.md section 5): ClassForm, starting empty. */
export function CreateClassPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const create = useCreateClass();

  if (!user || !isStrictMentor(user.role)) return <CreateClassAccessDenied />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link to="/classes" className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All classes
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Create a class
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Describe your class, where its content lives, and who can join.
      </p>

      {!user.verified && <UnverifiedMentorNotice user={user} />}

      <ClassForm
        initial={EMPTY_CLASS_FORM}
        submitLabel="Create class"
        pendingLabel="Creating class..."
        failedMessage={MESSAGES.createClass.failed}
        cancelTo="/classes"
        pending={create.isPending}
        onSubmit={async (request) => {
          const created = await create.mutateAsync(request);
          toast.success(MESSAGES.createClass.success);
          navigate(`/classes/${created._id}`);
        }}
      />
    </div>
  );
}
