import type { ClassItem } from '@mentora/contract';
import { capacityLabel, isFull } from './format';

/** Seats taken out of the limit, with a bar that turns red once the class is full. */
export function ClassCapacity({ cls }: { cls: ClassItem }) {
  const full = isFull(cls);
  const share = cls.maxStudents ? Math.min(100, Math.round((cls.studentCount / cls.maxStudents) * 100)) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-300">Capacity</span>
        <span className="font-semibold text-slate-900 dark:text-white" data-testid="capacity">
          {capacityLabel(cls)}
          {full && <span className="ml-2 text-red-700 dark:text-red-300">Full</span>}
        </span>
      </div>
      {cls.maxStudents !== null && (
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div
            className={`h-full rounded-full ${full ? 'bg-red-500' : 'bg-indigo-600 dark:bg-indigo-400'}`}
            style={{ width: `${share}%` }}
          />
        </div>
      )}
    </div>
  );
}
