// The broken gateways whose flaw is in reading the framing: an empty answer at the first comment, a CRLF stream
// held back whole.
import { brokenGateways, FLAW_GROUPS } from './broken-gateways.js';

brokenGateways(FLAW_GROUPS.framing);
