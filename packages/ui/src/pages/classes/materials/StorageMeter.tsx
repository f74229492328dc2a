import { MESSAGES } from '@mentora/contract';
import { formatBytes } from '../../../components/formatters';

/** "12 MB of 500 MB used", with a bar: what the class's files take of its storage. */
export function StorageMeter({ used, quota }: { used: number; quota: number }) {
  const share = quota > 0 ? Math.min(1, used / quota) : 0;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid="materials-storage">
      <div aria-hidden="true" className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div
          className={`h-full rounded-full ${share > 0.9 ? 'bg-amber-500' : 'bg-indigo-600 dark:bg-indigo-400'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <span>{MESSAGES.materials.used(formatBytes(used), formatBytes(quota))}</span>
    </div>
  );
}
