/**
 * After a refused submit: focus the first field marked invalid, so keyboard and screen-reader users land
 * on the problem. Scrolled to the middle of the window, not the top edge, where the fixed navigation bar
 * would cover it.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: 'center' });
}
