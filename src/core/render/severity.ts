import type { Severity } from '../findings.js';

/**
 * The one table of severities in words a person acts on: the inspector's three levels, onto ours. `error` loses or
 * corrupts data (must fix), `warning` is a departure a client may survive (check), `info` is worth knowing (note).
 */
export type SeverityLabel = 'must fix' | 'check' | 'note';

export const SEVERITY_LABELS: Readonly<Record<Severity, SeverityLabel>> = {
  error: 'must fix',
  warning: 'check',
  info: 'note',
};

/** "must fix", "check" or "note" for a severity. */
export function severityLabel(severity: Severity): SeverityLabel {
  return SEVERITY_LABELS[severity];
}
