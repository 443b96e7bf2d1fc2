/** RFC 6570 URI templates: expansion, matching and a prefix index for MCP resource templates. */
export { UriTemplate } from './uri-template.js';
export { UriTemplateIndex, type UriTemplateIndexMatch } from './uri-template-index.js';
export { UriTemplateSyntaxError } from './parse.js';
export type { UriTemplateValue, UriTemplateVariables } from './expand.js';
export type { UriTemplateMatch } from './matcher.js';
