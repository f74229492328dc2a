import type { SearchHit, SearchResponse } from '@mentora/contract';

// The search dialog's results as one list in display order (grouped by kind), each with where it opens.

export type SearchKind = keyof SearchResponse;

export const KIND_LABELS: Record<SearchKind, string> = {
  classes: 'Classes',
  discussions: 'Discussions',
  posts: 'Community posts',
  people: 'People',
};

const ORDER: readonly SearchKind[] = ['classes', 'discussions', 'posts', 'people'];

export interface SearchResult {
  kind: SearchKind;
  hit: SearchHit;
  /** The page it opens. */
  to: string;
  /** A line under the title: the class a discussion is in, a person's role. */
  context?: string;
}

function linkOf(kind: SearchKind, hit: SearchHit, query: string): string {
  switch (kind) {
    case 'classes':
      return `/classes/${encodeURIComponent(hit._id)}`;
    case 'discussions':
      return `/discussions/${encodeURIComponent(hit._id)}`;
    // Posts have no page of their own: the feed, searched for what was typed, scrolled to the post.
    case 'posts':
      return `/community?search=${encodeURIComponent(query)}#post-${encodeURIComponent(hit._id)}`;
    case 'people':
      return '/admin';
  }
}

function contextOf(kind: SearchKind, hit: SearchHit): string | undefined {
  if (kind === 'discussions' && 'classTitle' in hit) return `in ${hit.classTitle}`;
  if (kind === 'people' && 'role' in hit) return hit.role;
  return undefined;
}

/** The groups that have results, in order, and every result flat (for arrow keys). */
export function groupResults(
  response: SearchResponse,
  query: string,
): { groups: { kind: SearchKind; results: SearchResult[] }[]; flat: SearchResult[] } {
  const groups = ORDER.map((kind) => ({
    kind,
    results: (response[kind] as SearchHit[]).map((hit) => ({
      kind,
      hit,
      to: linkOf(kind, hit, query),
      context: contextOf(kind, hit),
    })),
  })).filter((group) => group.results.length > 0);
  return { groups, flat: groups.flatMap((group) => group.results) };
}
