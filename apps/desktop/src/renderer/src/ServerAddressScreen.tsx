import type { ServerAddressChange } from '@mentora/ui';
import { Logo, ServerAddressForm } from '@mentora/ui/shell';

interface ServerAddressScreenProps {
  initial: string;
  firstRun: boolean;
  onSubmit(url: string): Promise<ServerAddressChange>;
  onCancel?: () => void;
}

/** The whole window: the first run's question, or the app menu's "Server Address…". */
export function ServerAddressScreen({ initial, firstRun, onSubmit, onCancel }: ServerAddressScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <div className="w-full max-w-lg">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <section
          aria-labelledby="server-address-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h1
            id="server-address-heading"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
          >
            {firstRun ? 'Welcome to Mentora' : 'Server address'}
          </h1>
          <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">
            {firstRun
              ? 'Which Mentora server should this app connect to? Your organisation gives you its address.'
              : 'The Mentora server this app connects to. Switching servers signs you out.'}
          </p>
          <ServerAddressForm initial={initial} onSubmit={onSubmit} onCancel={onCancel} />
        </section>
        <p className="mt-6 text-center text-xs font-semibold tracking-[0.25em] text-slate-500 dark:text-slate-400">
          LEARN • GROW • EXCEL
        </p>
      </div>
    </main>
  );
}
