// The broken gateways whose flaw changes the answer's content: UTF-8 decoded per read, first characters dropped, a
// refusal carried as `stop`, usage lost.
import { brokenGateways, FLAW_GROUPS } from './broken-gateways.js';

brokenGateways(FLAW_GROUPS.content);
