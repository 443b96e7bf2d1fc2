// What a view's `ui/download-file` asks to save: each entry of `contents` an embedded resource
// (text, or base64 `blob`; its file name the last segment of its URI, path characters dropped)
// or a resource link (an http or https URL, opened as a link). Anything else is invalid content.

type Json = Record<string, unknown>;

/** One thing to download: a file made here, or a URL the browser fetches. */
export type Download = { file: File } | { url: URL };

const invalid = (why: string) =>
  Object.assign(new Error(`Invalid content: ${why}`), { code: -32602 });

/** The downloads `params.contents` names, or throws a JSON-RPC `-32602` naming the fault. */
export function downloadsOf(params: Json): Download[] {
  const contents = params.contents;
  if (!Array.isArray(contents) || contents.length === 0) throw invalid('contents must be a list');
  return contents.map((entry: Json, i) => {
    if (entry?.type === 'resource_link') {
      const url = URL.canParse(String(entry.uri)) ? new URL(String(entry.uri)) : undefined;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        throw invalid(`contents[${i}] links to no http(s) URL`);
      return { url };
    }
    const resource = entry?.type === 'resource' ? (entry.resource as Json | undefined) : undefined;
    if (!resource || typeof resource.uri !== 'string')
      throw invalid(`contents[${i}] is neither a resource nor a resource_link`);
    const type = typeof resource.mimeType === 'string' ? resource.mimeType : '';
    const name = fileName(resource.uri);
    if (typeof resource.text === 'string')
      return { file: new File([resource.text], name, { type }) };
    if (typeof resource.blob !== 'string') throw invalid(`contents[${i}] has no text or blob`);
    try {
      const bytes = Uint8Array.from(atob(resource.blob), (c) => c.charCodeAt(0));
      return { file: new File([bytes], name, { type }) };
    } catch {
      throw invalid(`contents[${i}].blob is not base64`);
    }
  });
}

/** The last segment of `uri`, without path or control characters (`download` if none is left). */
function fileName(uri: string): string {
  const last = uri.split(/[/\\]/).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  // eslint-disable-next-line no-control-regex
  const safe = decoded.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '');
  return safe === '' ? 'download' : safe.slice(0, 200);
}
