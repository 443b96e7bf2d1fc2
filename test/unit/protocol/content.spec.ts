import {
  audio,
  embeddedResource,
  image,
  isContentBlock,
  resourceLink,
  text,
  toBase64,
  toolError,
  toolResult,
} from '../../../lib/protocol/content.js';
import { ContentBlockSchema } from '../../../lib/protocol/schema/index.js';

const bytes = new Uint8Array([0xde, 0xad, 0xbe, 0xef]);

describe('content helpers', () => {
  it('text builds a text block, with annotations only when given', () => {
    expect(text('hi')).toEqual({ type: 'text', text: 'hi' });
    expect('annotations' in text('hi')).toBe(false);
    expect(text('hi', { audience: ['user'], priority: 0.5 })).toEqual({
      type: 'text',
      text: 'hi',
      annotations: { audience: ['user'], priority: 0.5 },
    });
  });

  it('image encodes bytes to base64 and passes base64 strings through', () => {
    expect(image(bytes, 'image/png')).toEqual({
      type: 'image',
      data: '3q2+7w==',
      mimeType: 'image/png',
    });
    expect(image('AAAA', 'image/jpeg')).toEqual({
      type: 'image',
      data: 'AAAA',
      mimeType: 'image/jpeg',
    });
  });

  it('audio encodes like image', () => {
    expect(audio(bytes, 'audio/wav', { priority: 1 })).toEqual({
      type: 'audio',
      data: '3q2+7w==',
      mimeType: 'audio/wav',
      annotations: { priority: 1 },
    });
  });

  it('embeddedResource keeps text contents and base64-encodes a byte blob', () => {
    expect(embeddedResource({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'x' })).toEqual({
      type: 'resource',
      resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'x' },
    });
    expect(embeddedResource({ uri: 'file:///a.bin', blob: bytes })).toEqual({
      type: 'resource',
      resource: { uri: 'file:///a.bin', blob: '3q2+7w==' },
    });
    expect(embeddedResource({ uri: 'file:///b', blob: 'QQ==' })).toEqual({
      type: 'resource',
      resource: { uri: 'file:///b', blob: 'QQ==' },
    });
  });

  it('embeddedResource does not mutate the input', () => {
    const input = { uri: 'file:///a.bin', blob: bytes };
    embeddedResource(input);
    expect(input.blob).toBe(bytes);
  });

  it('resourceLink adds type resource_link to the link fields', () => {
    expect(resourceLink({ uri: 'file:///x', name: 'x', mimeType: 'text/plain', size: 3 })).toEqual({
      type: 'resource_link',
      uri: 'file:///x',
      name: 'x',
      mimeType: 'text/plain',
      size: 3,
    });
  });

  it('toolError builds an isError result with the message as text', () => {
    expect(toolError('failed: x')).toEqual({
      content: [{ type: 'text', text: 'failed: x' }],
      isError: true,
    });
  });

  it('toolResult includes structuredContent only when given', () => {
    expect(toolResult([text('a')])).toEqual({ content: [{ type: 'text', text: 'a' }] });
    expect('structuredContent' in toolResult([text('a')])).toBe(false);
    expect(toolResult([text('a')], { n: 1 })).toEqual({
      content: [{ type: 'text', text: 'a' }],
      structuredContent: { n: 1 },
    });
  });

  it('every builder produces a block the protocol schema accepts', () => {
    const blocks = [
      text('t', { audience: ['assistant'], lastModified: '2025-01-01T00:00:00Z' }),
      image(bytes, 'image/png'),
      audio(bytes, 'audio/wav'),
      embeddedResource({ uri: 'file:///a', text: 'x' }),
      embeddedResource({ uri: 'file:///b', blob: bytes }),
      resourceLink({ uri: 'file:///c', name: 'c' }),
    ];
    for (const block of blocks) expect(ContentBlockSchema.safeParse(block).success).toBe(true);
  });
});

describe('isContentBlock', () => {
  it.each(['text', 'image', 'audio', 'resource', 'resource_link'])('accepts type %s', (type) => {
    expect(isContentBlock({ type })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'text'],
    ['an object without type', { text: 'x' }],
    ['an unknown type', { type: 'video' }],
    ['a sampling-only tool_use block', { type: 'tool_use' }],
    ['an array', [{ type: 'text' }]],
  ])('rejects %s', (_label, value) => {
    expect(isContentBlock(value)).toBe(false);
  });
});

describe('toBase64', () => {
  it('encodes bytes and leaves strings alone', () => {
    expect(toBase64(new TextEncoder().encode('hello'))).toBe('aGVsbG8=');
    expect(toBase64(Buffer.from('hello'))).toBe('aGVsbG8=');
    expect(toBase64('aGVsbG8=')).toBe('aGVsbG8=');
  });
});
