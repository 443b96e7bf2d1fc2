import type {
  CallToolResult,
  GetPromptResult,
  ReadResourceResult,
} from '../../protocol/schema/index.js';
import { formatContent, toJson } from './format-content.js';

/** A tool result for the terminal: its content, structured content as JSON, `isError` marked. */
export function formatToolResult(result: CallToolResult): string {
  const lines = result.content.map((block) => formatContent(block));
  if (result.structuredContent !== undefined) {
    lines.push(`structured: ${toJson(result.structuredContent)}`);
  }
  const text = lines.join('\n');
  return result.isError ? `tool error: ${text}` : text;
}

/** A prompt's messages, one `[role] text` each. */
export function formatPromptResult(result: GetPromptResult): string {
  const head = result.description ? [`${result.description}`] : [];
  return [...head, ...result.messages.map((m) => `[${m.role}] ${formatContent(m.content)}`)].join(
    '\n',
  );
}

/** A resource's contents: text as is, blobs by size, each under its URI. */
export function formatReadResult(result: ReadResourceResult): string {
  return result.contents
    .map((c) => {
      const body =
        'text' in c && typeof c.text === 'string'
          ? c.text
          : `(${Math.floor(((c as { blob?: string }).blob?.length ?? 0) * 0.75)} bytes of ${c.mimeType ?? 'binary'})`;
      return `${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}\n${body}`;
    })
    .join('\n');
}

/** `name  description` lines for a listing, names padded to one column. */
export function formatListing(
  rows: Array<{ name: string; description?: string | undefined }>,
): string {
  if (rows.length === 0) return '(none)';
  const width = Math.min(32, Math.max(...rows.map((r) => r.name.length)));
  return rows
    .map((r) => `${r.name.padEnd(width)}  ${(r.description ?? '').split('\n')[0]}`.trimEnd())
    .join('\n');
}
