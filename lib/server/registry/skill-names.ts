// The naming rules of a skill (Agent Skills specification, as SEP-2640 delegates them) and the
// path rules of its `skill://` URI: a name or path that could leave its directory is refused.

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** Throws naming `origin` unless `name` is a valid skill name (1-64 of `a-z 0-9 -`). */
export function checkSkillName(name: unknown, origin: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !NAME.test(name)) {
    throw new Error(
      `${origin}: invalid skill name ${JSON.stringify(name)} (1-64 characters of a-z, 0-9 and ` +
        `"-", not starting or ending with "-", no "--"; no path characters)`,
    );
  }
}

/** Throws unless `path` is `/`-separated segments of URI path characters, none `.` or `..`. */
export function checkSkillPath(path: string, what: string, origin: string): void {
  const segments = path.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new Error(`${origin}: invalid skill ${what} ${JSON.stringify(path)}`);
    }
  }
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  html: 'text/html',
  csv: 'text/csv',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  js: 'text/javascript',
  ts: 'text/x-typescript',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** The MIME type of a skill file from its extension (`application/octet-stream` otherwise). */
export function skillFileMimeType(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 && MIME_TYPES[path.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
