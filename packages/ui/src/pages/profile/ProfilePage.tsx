import { MESSAGES, type User } from '@mentora/contract';
import { BadgeCheck, CalendarDays, Hourglass, Pencil, ShieldAlert, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { isMentor, isStrictMentor, ROLE_LABELS } from '../../auth/roles';
import { ErrorAlert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { formatDate } from '../../components/formatters';
import { buttonSecondary, card, textLink } from '../../components/styles';
import { AvatarEditor } from './AvatarEditor';
import { ProfileClasses } from './ProfileClasses';
import { ProfileEditForm } from './ProfileEditForm';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset';

/** A mentor's verification, as on the dashboard: verified, pending, or not yet asked for. */
function VerificationBadge({ user }: { user: User }) {
  if (user.verified) {
    return (
      <span
        className={`${pill} bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-500/30`}
      >
        <BadgeCheck aria-hidden="true" className="size-3.5" />
        Verified mentor
      </span>
    );
  }
  if (user.verificationRequested) {
    return (
      <span
        className={`${pill} bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30`}
      >
        <Hourglass aria-hidden="true" className="size-3.5" />
        Verification pending
      </span>
    );
  }
  return (
    <span
      className={`${pill} bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700`}
    >
      <ShieldAlert aria-hidden="true" className="size-3.5" />
      Not verified yet
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-4 first:pt-0 last:pb-0 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm text-slate-900 sm:mt-0 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const notGiven = <span className="text-slate-600 italic dark:text-slate-400">Not added yet</span>;

/**
 * /profile: who the signed-in person is (view mode) and a form to change it (edit mode), then the classes
 * they take and, for mentors, the ones they created.
 */
export function ProfilePage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // Keyboard and screen-reader users follow the switch: into the form's heading, back to the Edit button.
  useEffect(() => {
    if (!switched.current) return;
    if (editing) heading.current?.focus();
    else editButton.current?.focus();
  }, [editing]);

  if (!user) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
        <ErrorAlert>{MESSAGES.dashboard.notAuthenticated}</ErrorAlert>
      </div>
    );
  }

  const mentor = isMentor(user.role);
  const skills = [...new Set(user.skills.map((skill) => skill.trim()).filter((skill) => skill !== ''))];

  const startEditing = () => {
    switched.current = true;
    setEditing(true);
  };
  const stopEditing = () => {
    switched.current = true;
    setEditing(false);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Profile</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">How you appear to mentors and classmates on Mentora.</p>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <section
          aria-labelledby="profile-name"
          className={`${card} flex flex-col items-center p-6 text-center lg:self-start`}
        >
          <Avatar
            name={user.name}
            picture={user.profilePicture}
            className="size-24 text-4xl shadow-sm ring-4 ring-indigo-50 dark:ring-indigo-500/20"
          />
          <h2 id="profile-name" className="mt-4 text-xl font-semibold break-words text-slate-900 dark:text-white">
            {user.name}
          </h2>
          <p className="mt-0.5 text-sm break-all text-slate-600 dark:text-slate-400">@{user.username}</p>
          <AvatarEditor user={user} />
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <span
              className={`${pill} bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-500/30`}
            >
              <Sparkles aria-hidden="true" className="size-3.5" />
              {ROLE_LABELS[user.role]}
            </span>
            {mentor && <VerificationBadge user={user} />}
          </div>
          {mentor && !user.verified && !user.verificationRequested && isStrictMentor(user.role) && (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
              Verified mentors can create classes.{' '}
              <Link to="/dashboard" className={textLink}>
                Request verification
              </Link>
            </p>
          )}
          <p className="mt-5 flex items-center gap-1.5 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <CalendarDays aria-hidden="true" className="size-4" />
            Member since <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </p>
        </section>

        <section aria-labelledby="profile-edit-heading" className={`${card} min-w-0 p-5 sm:p-6`}>
          <div className="mb-5 flex items-center justify-between gap-4">
            <h2
              id="profile-edit-heading"
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
            >
              {editing ? 'Edit profile' : 'About you'}
            </h2>
            {!editing && (
              <button ref={editButton} type="button" className={buttonSecondary} onClick={startEditing}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit profile
              </button>
            )}
          </div>
          {editing ? (
            <ProfileEditForm user={user} onDone={stopEditing} />
          ) : (
            <dl className="divide-y divide-slate-200 dark:divide-slate-800">
              <Detail label="Full name">{user.name}</Detail>
              <Detail label="Email address">
                <span className="break-all">{user.email}</span>
              </Detail>
              <Detail label="Username">{user.username}</Detail>
              <Detail label="Role">{ROLE_LABELS[user.role]}</Detail>
              <Detail label="Bio">
                {user.bio.trim() ? <p className="leading-6 break-words whitespace-pre-line">{user.bio}</p> : notGiven}
              </Detail>
              <Detail label="Skills">
                {skills.length > 0 ? (
                  <ul className="flex flex-wrap gap-2">
                    {skills.map((skill) => (
                      <li
                        key={skill}
                        className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                      >
                        {skill}
                      </li>
                    ))}
                  </ul>
                ) : (
                  notGiven
                )}
              </Detail>
            </dl>
          )}
        </section>
      </div>

      <div className="mt-6">
        <ProfileClasses showCreated={mentor} canCreate={isStrictMentor(user.role) && user.verified} />
      </div>
    </div>
  );
}
