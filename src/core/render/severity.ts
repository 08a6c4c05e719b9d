import type { Severity } from '../findings.js';

/**
 * The one table of severities in words a person acts on: the inspector's three levels, onto ours. `error` loses or
 * corrupts data (must fix), `warning` is a departure a client may survive (check), `info` is worth knowing (note).
 */
export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  error: 'must fix',
  warning: 'check',
  info: 'note',
};

/** "must fix", "check" or "note" for a severity. */
export function severityLabel(severity: Severity): string {
  return SEVERITY_LABELS[severity];
}
