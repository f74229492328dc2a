import { CLASS_CATEGORIES, type ClassCategory, type ClassFilter } from '@mentora/contract';

// The classes list's request, apart from React: the list page and the web shell's boot script (which
// asks for the first page before the app has loaded, see ../../boot.ts) build it the same way.

/** Classes per "Load more" page: fills 1, 2, 3 and 4 column grids evenly. */
export const CLASSES_PAGE_SIZE = 12;

export interface ClassListParams {
  search: string;
  filter: ClassFilter;
  category: ClassCategory | '';
}

const isCategory = (value: string | null): value is ClassCategory =>
  value !== null && (CLASS_CATEGORIES as readonly string[]).includes(value);

/** The list's search (`q`), filter and category as the page's URL gives them; `created` is for mentors only. */
export function classListParamsFrom(searchParams: URLSearchParams, mayFilterCreated: boolean): ClassListParams {
  const rawFilter = searchParams.get('filter');
  const filter: ClassFilter =
    rawFilter === 'enrolled' || (rawFilter === 'created' && mayFilterCreated) ? rawFilter : 'all';
  const rawCategory = searchParams.get('category');
  return {
    search: searchParams.get('q')?.trim() ?? '',
    filter,
    category: isCategory(rawCategory) ? rawCategory : '',
  };
}

/** The query of GET /classes for one page of the list (no cursor: the first). */
export function classListQuery(params: ClassListParams, cursor: string | null) {
  return {
    search: params.search || undefined,
    filter: params.filter,
    category: params.category || undefined,
    limit: CLASSES_PAGE_SIZE,
    cursor: cursor ?? undefined,
  };
}
