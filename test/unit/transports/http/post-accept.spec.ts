import {
  ACCEPTS_JSON,
  ACCEPTS_SSE,
  NAMES_SSE,
  acceptedReplies,
} from '../../../../lib/transports/http/post-accept.js';

describe('acceptedReplies (what a POST may be answered with)', () => {
  it.each([
    ['application/json, text/event-stream', NAMES_SSE | ACCEPTS_SSE | ACCEPTS_JSON],
    ['text/event-stream', NAMES_SSE | ACCEPTS_SSE],
    ['application/json', ACCEPTS_JSON],
    ['*/*', ACCEPTS_SSE],
    ['application/json;q=0.9, */*;q=0.1', ACCEPTS_SSE | ACCEPTS_JSON],
    ['text/html', 0],
    ['', 0],
  ])('reads %j', (accept, flags) => {
    expect(acceptedReplies(accept)).toBe(flags);
  });

  it('answers a header like the one before it the same, and a different one anew', () => {
    const both = 'application/json, text/event-stream';
    expect(acceptedReplies(both)).toBe(NAMES_SSE | ACCEPTS_SSE | ACCEPTS_JSON);
    // An equal string that is another object (as each request's header is).
    expect(acceptedReplies(['application/json', 'text/event-stream'].join(', '))).toBe(
      NAMES_SSE | ACCEPTS_SSE | ACCEPTS_JSON,
    );
    expect(acceptedReplies('text/plain')).toBe(0);
    expect(acceptedReplies('application/json')).toBe(ACCEPTS_JSON);
    expect(acceptedReplies('application/json')).toBe(ACCEPTS_JSON);
  });
});
