import type { ToolCallEvent } from '../../../../lib/index.js';
import { MATRIX_PAGE_SIZE } from '../../../../sample/07-matrix-stdio/src/matrix.module.js';
import { MATRIX_LOGGER } from '../../../../sample/07-matrix-stdio/src/matrix.tools.js';

export { COUNTER_URI } from '../../../../sample/07-matrix-stdio/src/matrix.tools.js';
export {
  MATRIX_INSTRUCTIONS,
  MATRIX_PAGE_SIZE,
  MATRIX_SERVER_INFO,
} from '../../../../sample/07-matrix-stdio/src/matrix.module.js';

/** Model name the test clients answer sampling requests with. */
export const MATRIX_SAMPLING_MODEL = 'matrix-model';

/** Content the test clients accept elicitation requests with. */
export const MATRIX_ELICIT_ANSWER = { name: 'Ada', age: 36 } as const;

/** What `ask_user` returns for {@link MATRIX_ELICIT_ANSWER}. */
export const MATRIX_ELICIT_TEXT = `${MATRIX_ELICIT_ANSWER.name} (${MATRIX_ELICIT_ANSWER.age})`;

let keys = 0;

/** A key no other call of this test run uses (gates, cancellation records). */
export function uniqueKey(prefix: string): string {
  return `${prefix}-${++keys}`;
}

/** Capabilities every transport must announce, exactly (derived from what the server registers). */
export const MATRIX_CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  logging: {},
  completions: {},
};

/** Names the list methods return, walked over every page (sorted). */
export const MATRIX_LISTS = {
  tools: [
    'ask_model',
    'ask_user',
    'bump_counter',
    'cancellation_status',
    'count',
    'echo',
    'open_gate',
    'wait_for_cancel',
  ],
  prompts: ['greet', 'hello', 'summarise'],
  resources: ['matrix://counter', 'matrix://license', 'matrix://readme'],
  resourceTemplates: ['matrix://notes/{name}', 'matrix://tags/{tag}', 'matrix://users/{id}'],
};

/** Names of the lists of {@link MATRIX_LISTS}. */
export type MatrixList = keyof typeof MATRIX_LISTS;

/** Applies `map` to each list of a per-list record. */
export function mapLists<T, U>(
  lists: Record<MatrixList, T>,
  map: (value: T) => U,
): Record<MatrixList, U> {
  const entries = Object.entries(lists) as Array<[MatrixList, T]>;
  return Object.fromEntries(entries.map(([list, value]) => [list, map(value)])) as Record<
    MatrixList,
    U
  >;
}

/** Sizes of the pages of a list of `count` items (`MATRIX_PAGE_SIZE` each, the last one less). */
export function pageSizes(count: number): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0; left -= MATRIX_PAGE_SIZE) {
    sizes.push(Math.min(MATRIX_PAGE_SIZE, left));
  }
  return sizes;
}

/** The progress notifications (without token) `count` sends for `steps`. */
export function expectedProgress(steps: number) {
  return Array.from({ length: steps }, (_, index) => ({
    progress: index + 1,
    total: steps,
    message: `step ${index + 1} of ${steps}`,
  }));
}

/** What `callTool$('count', { steps })` emits: every progress event, then the result. */
export function expectedToolCallEvents(steps: number): ToolCallEvent[] {
  return [
    ...expectedProgress(steps).map((p) => ({ type: 'progress' as const, ...p })),
    {
      type: 'result',
      result: expect.objectContaining({ content: [{ type: 'text', text: `counted to ${steps}` }] }),
    },
  ];
}

/** The log messages `count` sends for `steps` at level `info` (its `debug` ones filtered out). */
export function expectedInfoLogs(steps: number) {
  return Array.from({ length: steps }, (_, index) => ({
    level: 'info',
    logger: MATRIX_LOGGER,
    data: { step: index + 1 },
  }));
}

/** Text of a sampling message's content (one block or an array of blocks). */
export function promptText(content: unknown): string {
  const blocks: unknown[] = Array.isArray(content) ? content : [content];
  const first = blocks[0] as { type?: unknown; text?: unknown } | undefined;
  return first?.type === 'text' && typeof first.text === 'string' ? first.text : '';
}

/** The text of the first content block of a tool result. */
export function resultText(result: object): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content;
  const first = content?.[0];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

/** Walks a paginated list: the names on each page, in order. */
export async function walkPages<T>(
  page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>,
  nameOf: (item: T) => string,
): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const result = await page(cursor);
    pages.push(result.items.map(nameOf));
    cursor = result.nextCursor;
    if (pages.length > 20) throw new Error('more than 20 pages: the cursor does not advance');
  } while (cursor !== undefined);
  return pages;
}
