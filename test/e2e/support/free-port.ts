/**
 * A loopback port nothing listens on (bound to 0, read, released): for servers whose URL must be
 * known before they start, and for "nothing listens here" cases. One definition, shared with the
 * benches' private brokers.
 */
export { freePort } from '../../../bench/private-brokers.js';
