// The broken gateways whose flaw is in how a failed upstream ends downstream: `[DONE]` after a cut, an upstream
// error swallowed.
import { brokenGateways, FLAW_GROUPS } from './broken-gateways.js';

brokenGateways(FLAW_GROUPS.failures);
