import { LIMITS, MESSAGES, messageResponseSchema } from '@mentora/contract';
import { useMutation } from '@tanstack/react-query';
import { LogOut, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useApi } from '../../api/ApiContext';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonDanger, buttonSecondary } from '../../components/styles';

/** The server's `{message}`, or the UI's own words when the answer has none. */
function messageOf(data: unknown, fallback: string): string {
  const parsed = messageResponseSchema.safeParse(data);
  return parsed.success && parsed.data.message.trim() !== '' ? parsed.data.message : fallback;
}

/** POST /auth/logout-all after a confirmation; every session ends, this one too, so it goes to /login. */
export function LogoutEverywhere() {
  const api = useApi();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const run = useMutation({ mutationFn: async () => (await api.post<unknown>('/auth/logout-all')).data });

  const confirm = async () => {
    try {
      const data = await run.mutateAsync();
      await logout({
        endedOnServer: true,
        to: '/login',
        message: messageOf(data, MESSAGES.account.loggedOutEverywhere),
      });
    } catch {
      // The dialog shows the error (run.error) and stays open for another try.
    }
  };

  return (
    <>
      <button
        type="button"
        className={`${buttonSecondary} w-full sm:w-auto`}
        onClick={() => {
          run.reset();
          setOpen(true);
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Log out everywhere
      </button>
      <ConfirmDialog
        open={open}
        title="Log out everywhere?"
        message="This signs you out on every device and browser, this one included. You will need to sign in again."
        confirmLabel="Log out everywhere"
        busyLabel="Logging out..."
        busy={run.isPending}
        error={run.isError ? errorMessage(run.error, MESSAGES.logout.failed) : null}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/**
 * DELETE /auth/account with the password as confirmation, in a dialog. A wrong password is a field error;
 * the last administrator gets the server's 409 explanation. Success ends the session here and goes to /.
 */
export function DeleteAccount() {
  const api = useApi();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const passwordForm = useRef<HTMLFormElement>(null);
  const remove = useMutation({
    mutationFn: async (confirmation: string) =>
      (await api.delete<unknown>('/auth/account', { data: { password: confirmation } })).data,
  });

  const close = () => {
    setOpen(false);
    setPassword('');
    setFieldError(undefined);
    setBanner(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    setBanner(null);
    if (password === '') {
      setFieldError('Password is required');
      passwordForm.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const data = await remove.mutateAsync(password);
      await logout({ endedOnServer: true, to: '/', message: messageOf(data, MESSAGES.account.accountDeleted) });
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to delete the account. Please try again.');
      const onPassword = fieldErrors(failure).find((problem) => problem.path === 'password');
      // 409: the last administrator cannot leave; the server's words say what to do instead.
      if (onPassword) setFieldError(onPassword.message);
      else setBanner(message);
      // The busy button took focus away: put it back where the person can try again.
      requestAnimationFrame(() => passwordForm.current?.querySelector<HTMLInputElement>('input')?.focus());
    }
  };

  return (
    <>
      <button type="button" className={`${buttonDanger} w-full sm:w-auto`} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </button>
      <Dialog
        open={open}
        onClose={close}
        role="alertdialog"
        title="Delete your account?"
        description="This permanently deletes your account and everything it owns: the classes you created (with their enrolments, discussions and reviews), your discussions, reviews, posts and replies. It cannot be undone."
        dismissible={!remove.isPending}
        hideCloseButton
      >
        <form ref={passwordForm} noValidate className="space-y-5" onSubmit={onSubmit}>
          {banner && <ErrorAlert>{banner}</ErrorAlert>}
          <TextField
            label="Your password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={LIMITS.password.max}
            value={password}
            error={fieldError}
            hint="Type your password to confirm that it is you."
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={buttonSecondary} disabled={remove.isPending} onClick={close}>
              Cancel
            </button>
            <button type="submit" className={buttonDanger} disabled={remove.isPending}>
              {remove.isPending && <Spinner className="size-4" />}
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
