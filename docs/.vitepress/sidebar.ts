/**
 * The guide's navigation: one list, in reading order. Adding a page is adding one line here
 * (the docs e2e opens every page it lists and every page the build emits).
 */
export interface GuidePage {
  /** Path under docs/ without `.md`, e.g. `guide/tasks`. */
  link: string;
  text: string;
}

export interface GuideSection {
  text: string;
  items: GuidePage[];
}

export const guide: GuideSection[] = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: 'guide/getting-started' },
      { text: 'Nest CLI: nest add, nest g', link: 'guide/nest-cli-schematics' },
      { text: 'How it fits together', link: 'guide/architecture' },
    ],
  },
  {
    text: 'Serving MCP',
    items: [
      { text: 'Tools, prompts, resources', link: 'guide/tools-prompts-resources' },
      { text: 'Context and client features', link: 'guide/context' },
      { text: 'Transports', link: 'guide/transports' },
      { text: 'The two protocol eras', link: 'guide/protocol-eras' },
      { text: 'Nest integration and testing', link: 'guide/nest-integration' },
      { text: 'Tasks', link: 'guide/tasks' },
      { text: 'MCP Apps (interactive views)', link: 'guide/mcp-apps' },
      { text: 'Skills', link: 'guide/skills' },
      { text: 'The explorer page', link: 'guide/explorer' },
      { text: 'Server Card (experimental)', link: 'guide/server-card' },
    ],
  },
  {
    text: 'Calling MCP servers',
    items: [
      { text: 'McpClient, manager, gateway', link: 'guide/mcp-client' },
      { text: 'Connecting: negotiation, retries, vendor methods', link: 'guide/client-connection' },
      { text: 'Across microservices (NATS, RabbitMQ)', link: 'guide/microservices' },
      { text: 'The nestjs-mcp CLI', link: 'guide/cli' },
    ],
  },
  {
    text: 'Security',
    items: [
      { text: 'OAuth (server and client)', link: 'guide/oauth' },
      { text: 'An authorization server in the app', link: 'guide/authorization-server' },
      { text: 'Identity-provider recipes', link: 'guide/identity-providers' },
    ],
  },
  {
    text: 'Production',
    items: [
      { text: 'Several instances: cluster and Redis', link: 'guide/cluster' },
      { text: 'The session model across instances', link: 'guide/deployment-cluster' },
      { text: 'Streams across instances', link: 'guide/cluster-streams' },
      { text: 'Runtime registration across instances', link: 'guide/cluster-registration' },
      { text: 'Redis: topologies, failures, secrets', link: 'guide/redis' },
      { text: 'Limits and refusals', link: 'guide/limits' },
      { text: 'Operations: telemetry, health, limits, CLI', link: 'guide/operations' },
      { text: 'Reliability and performance', link: 'guide/reliability-performance' },
      { text: 'The fast path (endpoint before the router)', link: 'guide/fast-path' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'Migration', link: 'guide/migration' },
      { text: 'Troubleshooting', link: 'guide/troubleshooting' },
      { text: 'API reference', link: 'api/' },
    ],
  },
];
