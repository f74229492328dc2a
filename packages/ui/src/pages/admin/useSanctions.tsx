import type { AdminUser } from '@mentora/contract';
import { Gavel, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { LiftSanctionDialog, SanctionDialog } from './SanctionDialog';
import { smallButtonSecondary } from './ui';

/**
 * A row's "Sanction" and "Lift" buttons and the dialogs they open (like useAdminDelete). Admins get
 * neither: the server refuses to sanction them (MESSAGES.server.cannotSanctionAdmin).
 */
export function useSanctions() {
  const [imposing, setImposing] = useState<AdminUser | null>(null);
  const [lifting, setLifting] = useState<AdminUser | null>(null);

  const buttons = (user: AdminUser, busy = false) => {
    if (user.role === 'admin') return null;
    return (
      <>
        {user.sanction && (
          <button
            type="button"
            className={smallButtonSecondary}
            disabled={busy}
            aria-label={`Lift the ${user.sanction.kind === 'silence' ? 'silence' : 'suspension'} of ${user.name}`}
            onClick={() => setLifting(user)}
          >
            <Undo2 aria-hidden="true" className="size-3.5" />
            Lift
          </button>
        )}
        <button
          type="button"
          className={smallButtonSecondary}
          disabled={busy}
          aria-label={`Sanction ${user.name}`}
          onClick={() => setImposing(user)}
        >
          <Gavel aria-hidden="true" className="size-3.5" />
          Sanction
        </button>
      </>
    );
  };

  const dialogs = (
    <>
      <SanctionDialog user={imposing} onClose={() => setImposing(null)} />
      <LiftSanctionDialog user={lifting} onClose={() => setLifting(null)} />
    </>
  );

  return { buttons, dialogs };
}
