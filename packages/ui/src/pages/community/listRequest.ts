import type { CommunityCategory } from '@mentora/contract';
import { PAGE_SIZE } from '../discussions/paging';

// The feed's request, apart from React: the community page and the web shell's boot script (which asks
// for the first page before the app has loaded, see ../../boot.ts) build it the same way.

export interface CommunityListParams {
  category?: CommunityCategory | undefined;
  search?: string | undefined;
}

/** The query of GET /community for one page of the feed (no cursor: the first). */
export function communityPageQuery(params: CommunityListParams, cursor: string | undefined) {
  return { limit: PAGE_SIZE, cursor, category: params.category, search: params.search || undefined };
}
