// The broken gateways whose flaw is in the connection: one keeps its upstream request open after its client left,
// one sends no heartbeat.
import { brokenGateways, FLAW_GROUPS } from './broken-gateways.js';

brokenGateways(FLAW_GROUPS.connection);
