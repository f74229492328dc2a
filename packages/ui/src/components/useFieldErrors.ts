import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './focusFirstInvalid';

/**
 * A form's problems by field, and the focus on the first field in trouble after each refused submit,
 * even when the problems are the same as last time. `form` goes on the <form>.
 */
export function useFieldErrors<E extends Partial<Record<string, string>>>() {
  const [errors, setErrors] = useState<E>({} as E);
  // Bumped by each refusal, so that the focus moves again when the problems repeat.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    focusFirstInvalid(form.current);
  }, [refusals]);

  /** Shows these problems and focuses the first field they mark. */
  const refuse = useCallback((problems: E) => {
    setErrors(problems);
    setRefusals((n) => n + 1);
  }, []);
  const clear = useCallback(() => setErrors({} as E), []);

  return { form, errors, refuse, clear };
}
