/** A content block as servers send it (text, image, audio, resource link, embedded resource...). */
interface Block {
  type?: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
  [key: string]: unknown;
}

const bytes = (base64: string) => Math.floor((base64.length * 3) / 4);

/** One content block as a line (or lines) of text for the terminal. */
export function formatBlock(block: unknown): string {
  const b = (block ?? {}) as Block;
  switch (b.type) {
    case 'text':
      return b.text ?? '';
    case 'image':
    case 'audio':
      return `[${b.type} ${b.mimeType ?? ''}, ${bytes(b.data ?? '')} bytes]`;
    case 'resource_link':
      return `[link ${b.uri ?? ''}${b.name ? ` "${b.name}"` : ''}]`;
    case 'resource': {
      const r = b.resource ?? {};
      const body =
        r.text ?? (r.blob ? `(${bytes(r.blob)} bytes of ${r.mimeType ?? 'binary'})` : '');
      return `[resource ${r.uri ?? ''}]\n${body}`;
    }
    default:
      return JSON.stringify(block);
  }
}

/** A block, or a list of them (sampling and prompt messages may hold either), as text. */
export function formatContent(content: unknown): string {
  return Array.isArray(content) ? content.map(formatBlock).join('\n') : formatBlock(content);
}

/** Pretty JSON (2 spaces), the form every JSON the CLI prints takes. */
export const toJson = (value: unknown): string => JSON.stringify(value, null, 2);
