/** One ```ts block of a Markdown file, as a consumer source file. */
export interface Snippet {
  /** 1-based line of the block's first code line in the Markdown file. */
  line: number;
  /** The source written for it (the block, wrapped as its marker asks). */
  source: string;
  /** Lines the wrapper adds before the block's first line. */
  offset: number;
}

const FENCE_OPEN = /^(\s*)```(ts|typescript)\s*$/;
const FENCE_CLOSE = /^\s*```\s*$/;
const MARKER = /^<!--\s*snippet:\s*([\w-]+)\s*-->$/;

/**
 * The TypeScript blocks of a Markdown file, each made a module of its own. The line before a
 * block may carry a marker: `<!-- snippet: skip -->` leaves it out, `<!-- snippet: class-body -->`
 * compiles it as members of a class extending the preamble's `SnippetHost`.
 */
export function extractSnippets(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    let end = i + 1;
    while (end < lines.length && !FENCE_CLOSE.test(lines[end]!)) end++;
    const code = lines
      .slice(i + 1, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    const marker = MARKER.exec(previousText(lines, i))?.[1];
    if (marker !== undefined && marker !== 'skip' && marker !== 'class-body') {
      throw new Error(`line ${i + 1}: unknown snippet marker "${marker}"`);
    }
    if (marker === 'class-body') {
      const source = `export class ReadmeSnippet extends SnippetHost {\n${code}\n}\n`;
      snippets.push({ line: i + 2, source, offset: 1 });
    } else if (marker !== 'skip') {
      snippets.push({ line: i + 2, source: `${code}\nexport {};\n`, offset: 0 });
    }
    i = end;
  }
  return snippets;
}

/** The nearest non-blank line above line `index`, trimmed. */
function previousText(lines: string[], index: number): string {
  for (let i = index - 1; i >= 0; i--) {
    if (lines[i]!.trim() !== '') return lines[i]!.trim();
  }
  return '';
}
