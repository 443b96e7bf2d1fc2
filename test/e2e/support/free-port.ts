/**
 * A loopback port nothing listens on, below the kernel's ephemeral range: for servers whose URL
 * must be known before they start, and for "nothing listens here" cases; `freePorts(n)` gives `n`
 * distinct ones. One definition, shared with the benches' private brokers and the Redis helpers.
 */
export { freePort, freePorts } from '../../../bench/free-ports.js';
