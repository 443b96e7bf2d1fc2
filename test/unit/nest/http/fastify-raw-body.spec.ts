import { UnsupportedMediaTypeException } from '@nestjs/common';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { stashContentType } from '../../../../lib/nest/http/content-type-stash.js';
import {
  isFastifyParserHost,
  MCP_RAW_MEDIA_TYPE,
  registerFastifyRawBodyParser,
  type FastifyParserHost,
} from '../../../../lib/nest/http/fastify-raw-body.js';

type Parser = Parameters<FastifyParserHost['addContentTypeParser']>[1];

/** A stand-in for the content-type parser registry of a Fastify instance. */
class ParserRegistry implements FastifyParserHost {
  readonly parsers = new Map<string, Parser>();
  hasContentTypeParser(type: string): boolean {
    return this.parsers.has(type);
  }
  addContentTypeParser(type: string, parser: Parser): void {
    if (this.parsers.has(type)) throw new Error('FST_ERR_CTP_ALREADY_PRESENT');
    this.parsers.set(type, parser);
  }
}

type Outcome = { error: Error | null; body?: unknown };

/** What the parser passed on: at once (`now`) and once a microtask has run (`later`). */
async function parse(
  parser: Parser,
  raw: IncomingMessage,
): Promise<{ now?: Outcome; later?: Outcome }> {
  let outcome: Outcome | undefined;
  parser({ raw }, raw, (error, body) => (outcome = { error, body }));
  const now = outcome;
  await Promise.resolve();
  return { now, later: outcome };
}

/** The registered parser, and an MCP request (JSON) whose content type was stashed for it. */
function parserAndStashedRequest(): { parser: Parser; raw: IncomingMessage } {
  const fastify = new ParserRegistry();
  registerFastifyRawBodyParser(fastify);
  const raw = new IncomingMessage(new Socket());
  raw.headers['content-type'] = 'application/json';
  stashContentType(raw, MCP_RAW_MEDIA_TYPE);
  return { parser: fastify.parsers.get(MCP_RAW_MEDIA_TYPE)!, raw };
}

describe('registerFastifyRawBodyParser', () => {
  it('registers the private media type once per instance', () => {
    const fastify = new ParserRegistry();
    registerFastifyRawBodyParser(fastify);
    registerFastifyRawBodyParser(fastify);
    expect([...fastify.parsers.keys()]).toEqual([MCP_RAW_MEDIA_TYPE]);
  });

  it('leaves the body of a stashed MCP request unread, passing it on once the body had a turn to arrive', async () => {
    const { parser, raw } = parserAndStashedRequest();
    const read = import.meta.jest.spyOn(raw, 'read');
    // Fastify asks as Node emits 'request', before Node parsed the body of the same packet.
    expect(await parse(parser, raw)).toEqual({
      now: undefined,
      later: { error: null, body: undefined },
    });
    expect(read).not.toHaveBeenCalled();
  });

  it('passes a complete request on at once', async () => {
    const { parser, raw } = parserAndStashedRequest();
    raw.complete = true;
    const { now } = await parse(parser, raw);
    expect(now).toEqual({ error: null, body: undefined });
  });

  it('refuses the type when a client sends it itself (415)', async () => {
    const fastify = new ParserRegistry();
    registerFastifyRawBodyParser(fastify);
    const raw = new IncomingMessage(new Socket());
    raw.headers['content-type'] = MCP_RAW_MEDIA_TYPE;
    const { now } = await parse(fastify.parsers.get(MCP_RAW_MEDIA_TYPE)!, raw);
    expect(now?.error).toBeInstanceOf(UnsupportedMediaTypeException);
  });
});

describe('isFastifyParserHost', () => {
  it('recognises an instance with content-type parser methods', () => {
    expect(isFastifyParserHost(new ParserRegistry())).toBe(true);
    expect(isFastifyParserHost({ use: () => undefined })).toBe(false);
    expect(isFastifyParserHost(undefined)).toBe(false);
  });
});
