/**
 * A small seeded generator of adversarial JSON-RPC input (no dependency: the shapes we need are
 * few and MCP-specific, and a seed must replay a run exactly).
 */

/** mulberry32: a fast 32-bit PRNG, good enough to spread cases, reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One fuzz case: the bytes to send, and the id when the case is a request we can correlate. */
export interface FuzzCase {
  kind: string;
  payload: Buffer;
}

const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'prompts/get',
  'resources/read',
  'resources/templates/list',
  'completion/complete',
  'logging/setLevel',
  'no/such/method',
  'notifications/cancelled',
  'notifications/progress',
  '__proto__',
  'constructor',
  '',
];

const nested = (depth: number, leaf: string) => '['.repeat(depth) + leaf + ']'.repeat(depth);

/** Builds the generator's cases from a PRNG. */
export class FuzzGenerator {
  private nextId = 1;
  constructor(private readonly random: () => number) {}

  private int(max: number): number {
    return Math.floor(this.random() * max);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  private scalar(): string {
    return this.pick([
      '1',
      '-1',
      '1e308',
      '0.5',
      'true',
      'null',
      '"x"',
      '""',
      '{}',
      '[]',
      '"\\u0000"',
    ]);
  }

  /** A JSON value text that is hostile in one way. */
  private hostileValue(): string {
    switch (this.int(6)) {
      case 0:
        return nested(1000 + this.int(9000), this.scalar());
      case 1:
        return `"${'x'.repeat(1000 + this.int(100_000))}"`;
      case 2:
        return `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`;
      case 3:
        return nested(30 + this.int(60), '{}');
      case 4:
        return this.scalar();
      default:
        return `[${Array.from({ length: this.int(50) }, () => this.scalar()).join(',')}]`;
    }
  }

  private id(): string {
    const id = this.nextId++;
    switch (this.int(8)) {
      case 0:
        return `"${'i'.repeat(300 + this.int(10_000))}"`;
      case 1:
        return this.hostileValue();
      case 2:
        return '1.5';
      default:
        return String(id);
    }
  }

  /** A message with one hostile field, as text. */
  private message(): string {
    const field = this.int(8);
    const method = field === 6 ? 'tools/call' : this.pick(METHODS);
    const v = () => this.hostileValue();
    const templates = [
      () => v(),
      () => `{"_meta":${v()}}`,
      () => `{"_meta":{"progressToken":${v()}},"name":"echo","arguments":{"text":"a"}}`,
      () => `{"name":${v()},"arguments":${v()}}`,
      () => `{"ref":{"type":"ref/prompt","name":"x"},"argument":{"name":"a","value":${v()}}}`,
      () => `{"protocolVersion":${v()},"capabilities":${v()},"clientInfo":${v()}}`,
      () => `{"name":"echo_back","arguments":{"payload":${v()}}}`,
      () => `{"uri":${v()},"cursor":${v()}}`,
    ];
    const params = templates[field]();
    const jsonrpc = this.int(10) === 0 ? this.scalar() : '"2.0"';
    const id = this.int(6) === 0 ? '' : `"id":${this.id()},`;
    return `{"jsonrpc":${jsonrpc},${id}"method":${JSON.stringify(method)},"params":${params}}`;
  }

  /** The next case. */
  next(): FuzzCase {
    switch (this.int(10)) {
      case 0: {
        const bytes = Buffer.from(this.message());
        bytes[this.int(bytes.length)] = 0xff; // invalid UTF-8
        return { kind: 'invalid-utf8', payload: bytes };
      }
      case 1:
        return { kind: 'batch', payload: Buffer.from(`[${this.message()},${this.message()}]`) };
      case 2:
        return {
          kind: 'not-json',
          payload: Buffer.from(this.message().slice(0, -1 - this.int(5))),
        };
      case 3:
        return { kind: 'scalar', payload: Buffer.from(this.hostileValue()) };
      default:
        return { kind: 'message', payload: Buffer.from(this.message()) };
    }
  }
}
