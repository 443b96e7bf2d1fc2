/** The round-robin proxy lives in bench/ (the cluster benchmark uses it too, from the build). */
export { startRoundRobinProxy, type RoundRobinProxy } from '../../../../bench/round-robin-proxy.js';
