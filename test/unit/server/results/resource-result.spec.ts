import { toReadResourceResult } from '../../../../lib/server/results/resource-result.js';

const uri = 'file:///docs/readme.md';

describe('toReadResourceResult', () => {
  it('turns a string into text contents with the URI and declared MIME type', () => {
    expect(toReadResourceResult('# Title', uri, 'text/markdown')).toEqual({
      contents: [{ uri, text: '# Title', mimeType: 'text/markdown' }],
    });
  });

  it('omits mimeType when none is declared', () => {
    const result = toReadResourceResult('x', uri);
    expect(result).toEqual({ contents: [{ uri, text: 'x' }] });
    expect('mimeType' in result.contents[0]).toBe(false);
  });

  it('turns bytes (Uint8Array or Buffer) into a base64 blob', () => {
    expect(
      toReadResourceResult(new Uint8Array([1, 2, 3]), uri, 'application/octet-stream'),
    ).toEqual({ contents: [{ uri, blob: 'AQID', mimeType: 'application/octet-stream' }] });
    expect(toReadResourceResult(Buffer.from('hi'), uri)).toEqual({
      contents: [{ uri, blob: 'aGk=' }],
    });
  });

  it('completes { text } and { blob } contents with the URI and declared MIME type', () => {
    expect(toReadResourceResult({ text: 'x' }, uri, 'text/plain')).toEqual({
      contents: [{ uri, text: 'x', mimeType: 'text/plain' }],
    });
    expect(toReadResourceResult({ blob: new Uint8Array([255]) }, uri)).toEqual({
      contents: [{ uri, blob: '/w==' }],
    });
    expect(toReadResourceResult({ blob: 'AA==' }, uri)).toEqual({
      contents: [{ uri, blob: 'AA==' }],
    });
  });

  it('lets the contents override the URI and MIME type (sub-resources)', () => {
    expect(
      toReadResourceResult(
        { uri: 'file:///docs/part.md', text: 'p', mimeType: 'text/x-own' },
        uri,
        'text/markdown',
      ),
    ).toEqual({ contents: [{ uri: 'file:///docs/part.md', text: 'p', mimeType: 'text/x-own' }] });
  });

  it('turns an array into several contents, each normalised', () => {
    expect(
      toReadResourceResult(
        ['a', new Uint8Array([0]), { uri: 'file:///docs/b', text: 'b' }],
        uri,
        'text/plain',
      ),
    ).toEqual({
      contents: [
        { uri, text: 'a', mimeType: 'text/plain' },
        { uri, blob: 'AA==', mimeType: 'text/plain' },
        { uri: 'file:///docs/b', text: 'b', mimeType: 'text/plain' },
      ],
    });
  });

  it('passes a { contents } result through untouched', () => {
    const value = { contents: [{ uri: 'x://y', text: 'z' }], _meta: { a: 1 } };
    expect(toReadResourceResult(value, uri, 'text/plain')).toBe(value);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 5],
    ['an object without text or blob', { data: 'x' }],
    ['an array with a bad item', ['ok', 5]],
  ])('refuses %s with a TypeError', (_label, value) => {
    expect(() => toReadResourceResult(value, uri)).toThrow(TypeError);
  });
});
