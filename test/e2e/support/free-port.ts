/**
 * A loopback port nothing listens on (bound to 0, read, released): for servers whose URL must be
 * known before they start, and for "nothing listens here" cases; `freePorts(n)` gives `n` distinct
 * ones. One definition, shared with the benches' private brokers.
 */
export { freePort, freePorts } from '../../../bench/private-brokers.js';
