import type { CommunityPost, MessageResponse } from '@mentora/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext';
import type { CursorPage } from '../discussions/paging';
import { type CommunityListParams, communityKeys, communityListOptions } from './listRequest';
import type { PostRequest } from './postDraft';
import { withLikeToggled } from './posts';

export { communityKeys };

export type CommunityPages = InfiniteData<CursorPage<CommunityPost>, string | undefined>;

/** GET /community?category=&search=, page by page ("Load more"). */
export function useCommunityList(params: CommunityListParams) {
  return useInfiniteQuery(communityListOptions(useApi(), params));
}

/** Applies `change` to the post `id` wherever a cached list holds it (a post can be in several lists). */
function updatePost(queryClient: QueryClient, id: string, change: (post: CommunityPost) => CommunityPost | null) {
  queryClient.setQueriesData<CommunityPages>({ queryKey: communityKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((post) => {
              if (post._id !== id) return [post];
              const changed = change(post);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}

const replacePost = (queryClient: QueryClient, post: CommunityPost) => updatePost(queryClient, post._id, () => post);

/** The like of `userId` on post `id`, optimistic: shown at once, put back if the server says no. */
export function useToggleLike(id: string, userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CommunityPost>(`/community/${encodeURIComponent(id)}/like`)).data,
    onMutate: async () => {
      // A list refetch that lands after the toggle would otherwise show the old state for a moment.
      await queryClient.cancelQueries({ queryKey: communityKeys.lists });
      let before: string[] | undefined;
      updatePost(queryClient, id, (post) => {
        before ??= post.likes;
        return withLikeToggled(post, userId);
      });
      return { before };
    },
    onError: (_error, _variables, context) => {
      // Only this post's likes go back; other posts changed meanwhile keep their changes.
      const before = context?.before;
      if (before) updatePost(queryClient, id, (post) => ({ ...post, likes: before }));
    },
    onSuccess: (post) => replacePost(queryClient, post),
  });
}

/** POST /community/{id}/replies answers the updated post. */
export function usePostReply(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.post<CommunityPost>(`/community/${encodeURIComponent(id)}/replies`, { content })).data,
    onSuccess: (post) => replacePost(queryClient, post),
  });
}

/**
 * DELETE /community/{id}. `onDeleted` runs here rather than in a `mutate` callback: removing the post
 * unmounts the card that asked, and callbacks of an unmounted caller are not called.
 */
export function useDeletePost(id: string, onDeleted: (answer: MessageResponse) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<MessageResponse>(`/community/${encodeURIComponent(id)}`)).data,
    onSuccess: (answer) => {
      onDeleted(answer);
      updatePost(queryClient, id, () => null);
    },
  });
}

/**
 * POST /community. The new post goes to the top of every cached list it belongs in (same category or
 * all, no search) at once; then the lists are fetched again, so searches and counts catch up.
 */
export function useCreatePost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PostRequest) => (await api.post<CommunityPost>('/community', request)).data,
    onSuccess: async (post) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.lists });
      for (const [key, data] of queryClient.getQueriesData<CommunityPages>({ queryKey: communityKeys.lists })) {
        const filters = key[2];
        if (!data || typeof filters !== 'object' || filters === null) continue;
        const { category, search } = filters as { category?: string; search?: string };
        if (search || (category && category !== post.category)) continue;
        const [first, ...rest] = data.pages;
        if (!first || first.items.some((item) => item._id === post._id)) continue;
        queryClient.setQueryData<CommunityPages>(key, {
          ...data,
          pages: [{ ...first, items: [post, ...first.items] }, ...rest],
        });
      }
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
    },
  });
}
