import type { RosterLearner } from '@mentora/contract';

/** The learners whose name or username holds every word typed, in any case; everyone for an empty search. */
export function filterRoster(learners: readonly RosterLearner[], search: string): RosterLearner[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...learners];
  return learners.filter((learner) => {
    const text = `${learner.name} ${learner.username}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
