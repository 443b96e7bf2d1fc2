/**
 * The private brokers of these e2e (a `nats-server` and a RabbitMQ node of the test's own, which
 * it may kill and start again): shared with `npm run bench:microservices`.
 */
export {
  startPrivateNats,
  startPrivateRabbitMq,
  type PrivateBroker,
} from '../../../../bench/private-brokers.js';
