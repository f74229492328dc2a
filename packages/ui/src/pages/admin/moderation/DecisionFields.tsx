import { MODERATION_REASON_MAX, SANCTION_DAYS, SANCTION_KINDS, SANCTION_TEXT } from '@mentora/contract';
import { FieldShell, SelectField } from '../../../components/FormField';
import { inputField } from '../../../components/styles';
import type { Decision, DecisionErrors } from './decision';
import { SANCTION_FIELDS, SANCTION_LABELS } from './labels';

interface DecisionFieldsProps {
  decision: Decision;
  errors: DecisionErrors;
  onChange: (decision: Decision) => void;
}

/**
 * The optional private reason of a decision and the optional sanction of the author (warn, silence or
 * suspend for some days, with a message to them), for whichever action is taken next. The fields are
 * named as in the people lists' sanction dialog (SANCTION_FIELDS).
 */
export function DecisionFields({ decision, errors, onChange }: DecisionFieldsProps) {
  const set = (patch: Partial<Decision>) => onChange({ ...decision, ...patch });
  const needsDays = decision.sanction === 'silence' || decision.sanction === 'suspend';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FieldShell
          label={SANCTION_FIELDS.note}
          error={errors.reason}
          hint="Kept in the audit log with the decision; never shown to the author."
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              rows={2}
              maxLength={MODERATION_REASON_MAX}
              value={decision.reason}
              aria-describedby={describedBy}
              aria-invalid={errors.reason ? true : undefined}
              onChange={(event) => set({ reason: event.target.value })}
              className={inputField}
            />
          )}
        </FieldShell>
      </div>
      <SelectField
        label="Sanction of the author"
        value={decision.sanction}
        onChange={(event) => set({ sanction: event.target.value as Decision['sanction'] })}
        options={(['none', ...SANCTION_KINDS] as const).map((kind) => ({ value: kind, label: SANCTION_LABELS[kind] }))}
      />
      {needsDays && (
        <FieldShell label="Days" error={errors.days} hint={`${SANCTION_DAYS.min} to ${SANCTION_DAYS.max}`}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={SANCTION_DAYS.min}
              max={SANCTION_DAYS.max}
              value={decision.days}
              aria-describedby={describedBy}
              aria-invalid={errors.days ? true : undefined}
              onChange={(event) => set({ days: event.target.value })}
              className={inputField}
            />
          )}
        </FieldShell>
      )}
      {decision.sanction !== 'none' && (
        <div className="sm:col-span-2">
          <FieldShell label={SANCTION_FIELDS.message} error={errors.message} hint={SANCTION_FIELDS.messageHint}>
            {({ id, describedBy }) => (
              <textarea
                id={id}
                rows={2}
                maxLength={SANCTION_TEXT.messageMax}
                value={decision.message}
                aria-describedby={describedBy}
                aria-invalid={errors.message ? true : undefined}
                onChange={(event) => set({ message: event.target.value })}
                className={inputField}
              />
            )}
          </FieldShell>
        </div>
      )}
    </div>
  );
}
