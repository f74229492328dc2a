import type { AxiosInstance } from 'axios';

/** One page of a list that paginates with `?limit=&cursor=` and sends the next cursor in `X-Next-Cursor`. */
export interface CursorPage<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Page size of the discussions and community lists. */
export const PAGE_SIZE = 20;

/**
 * GET one page. The lists stay plain arrays (API.md); the cursor of the next page travels in the
 * `X-Next-Cursor` header, which the server exposes to other origins too (the desktop app).
 */
export async function getCursorPage<T>(
  api: AxiosInstance,
  url: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<CursorPage<T>> {
  const response = await api.get<T[]>(url, { params, signal });
  const header: unknown = response.headers['x-next-cursor'];
  return {
    items: Array.isArray(response.data) ? response.data : [],
    nextCursor: typeof header === 'string' && header.trim() !== '' ? header : null,
  };
}

/** The `getNextPageParam` of useInfiniteQuery for cursor pages. */
export const nextCursorOf = <T>(page: CursorPage<T>): string | undefined => page.nextCursor ?? undefined;
