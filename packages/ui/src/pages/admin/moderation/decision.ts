import {
  type ModerationAction,
  type ResolveModerationRequest,
  resolveModerationRequestSchema,
  type SanctionKind,
} from '@mentora/contract';

/** What the moderator filled in for the selected entry: an optional reason and sanction of the author. */
export interface Decision {
  reason: string;
  sanction: SanctionKind | 'none';
  /** As typed: checked (1 to 365, whole) with the contract's rules when the decision is sent. */
  days: string;
  message: string;
}

export const EMPTY_DECISION: Decision = { reason: '', sanction: 'none', days: '', message: '' };

export type DecisionErrors = Partial<Record<'reason' | 'days' | 'message', string>>;

/**
 * The body of POST /moderation/queue/{id}/resolve for an action, checked by the contract's own schema
 * (the server's rules and words), or the errors by field.
 */
export function decisionBody(
  action: ModerationAction,
  decision: Decision,
): { body: ResolveModerationRequest; errors?: undefined } | { body?: undefined; errors: DecisionErrors } {
  const body: ResolveModerationRequest = {
    action,
    ...(decision.reason.trim() ? { reason: decision.reason.trim() } : {}),
    ...(decision.sanction === 'none'
      ? {}
      : {
          sanction: {
            kind: decision.sanction,
            message: decision.message.trim(),
            // A warning has no length; an empty box is "no days" (the schema says they are needed).
            ...(decision.sanction !== 'warn' && decision.days.trim() !== '' ? { days: Number(decision.days) } : {}),
          },
        }),
  };
  const parsed = resolveModerationRequestSchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: DecisionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.at(-1);
    if ((field === 'reason' || field === 'days' || field === 'message') && !errors[field])
      errors[field] = issue.message;
  }
  return { errors };
}
