/**
 * The avatar's letter: the uppercased first letter of the name (SPEC.md section 2), drawn locally
 * (DESIGN.md: no outside avatar service). Whole characters, so a name starting with an emoji or an
 * astral-plane letter is not cut in half; '?' when there is no name at all.
 */
export function initials(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}
