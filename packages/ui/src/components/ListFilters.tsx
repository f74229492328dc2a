import type { ComponentProps, ReactNode } from 'react';
import { SearchField } from './SearchField';

interface ListFiltersProps {
  search: ComponentProps<typeof SearchField>;
  /** The filter goes under the search box at every width (a wide one); otherwise beside it from 768 px. */
  stacked?: boolean;
  /** The list's filter (a SegmentedControl, say). */
  children: ReactNode;
}

/** The search box and filter over a list of discussions or posts. */
export function ListFilters({ search, stacked = false, children }: ListFiltersProps) {
  return (
    <div className={`mt-6 flex flex-col gap-3 ${stacked ? '' : 'md:flex-row md:items-center md:justify-between'}`}>
      <div className={stacked ? 'relative' : 'relative md:w-80'}>
        <SearchField {...search} />
      </div>
      {children}
    </div>
  );
}
