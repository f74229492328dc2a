import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary } from '../../components/styles';
import type { ServerAddressChange } from '../../platform/platform';

export interface ServerAddressFormProps {
  /** What the field starts with: the current address, or the default one on the first run. */
  initial: string;
  /** Checks GET {address}/api/health and saves the address only when that succeeds. */
  onSubmit(url: string): Promise<ServerAddressChange>;
  /** Shown as a Cancel button when given (changing an address the app already has). */
  onCancel?: () => void;
}

/**
 * The desktop app's server address: on its first run, in Settings and from the app menu. Nothing is
 * saved until the server at that address has answered its health check.
 */
export function ServerAddressForm({ initial, onSubmit, onCancel }: ServerAddressFormProps) {
  const [address, setAddress] = useState(initial);
  const [state, setState] = useState<{ status: 'idle' | 'checking' | 'saved' } | { status: 'failed'; message: string }>(
    { status: 'idle' },
  );
  const checking = state.status === 'checking';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setState({ status: 'checking' });
    let result: ServerAddressChange;
    try {
      result = await onSubmit(address);
    } catch {
      result = { ok: false, message: 'The address could not be checked. Please try again.' };
    }
    setState(result.ok ? { status: 'saved' } : { status: 'failed', message: result.message });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={checking}>
      <TextField
        label="Server address"
        name="serverAddress"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        required
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          if (state.status !== 'checking') setState({ status: 'idle' });
        }}
        hint="For example https://mentora.example.com, or http://localhost:3000 for a server on this computer."
        aria-invalid={state.status === 'failed' ? true : undefined}
      />
      {state.status === 'failed' && <ErrorAlert>{state.message}</ErrorAlert>}
      {state.status === 'saved' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          The server answered. Address saved.
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" className={buttonSecondary} onClick={onCancel} disabled={checking}>
            Cancel
          </button>
        )}
        <button type="submit" className={buttonPrimary} disabled={checking}>
          {checking && <Spinner className="size-4" />}
          {checking ? 'Checking…' : 'Check and save'}
        </button>
      </div>
    </form>
  );
}
