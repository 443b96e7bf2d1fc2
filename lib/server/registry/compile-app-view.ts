import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import {
  MCP_APP_MIME_TYPE,
  type McpAppCsp,
  type McpAppViewMeta,
} from '../../protocol/schema/apps-extension.js';
import type { ResourceHandler, ResourceOptions } from './definitions.interface.js';
import type { AppViewHandler, McpAppViewOptions } from './app-view-options.interface.js';
import { isCspOrigin } from './csp-source.js';

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];
// A document: optional BOM, comments and whitespace, then a doctype or <html>.
const HTML_DOCUMENT = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html)[\s>]/i;

/** True when `text` starts as an HTML document (a doctype or an `<html>` element). */
export function isHtmlDocument(text: unknown): text is string {
  return typeof text === 'string' && HTML_DOCUMENT.test(text);
}

/**
 * Checks a view's options and turns them into a resource registration: the `ui://` URI, the
 * `mcp-app` MIME type, `_meta.ui` on the list entry and on the read contents, and a handler that
 * serves the HTML (checked once at registration when static, on each read when produced).
 */
export function compileAppView(
  options: McpAppViewOptions & { origin?: string },
  produce?: AppViewHandler,
): { options: ResourceOptions & { name: string; origin: string }; handler: ResourceHandler } {
  const origin = options.origin ?? `app view "${options.uri}"`;
  if (typeof options.uri !== 'string' || !options.uri.startsWith('ui://')) {
    throw new Error(`${origin}: an app view URI must use the ui:// scheme, got "${options.uri}"`);
  }
  const sources = [options.html, options.file, produce].filter((s) => s !== undefined).length;
  if (sources !== 1) {
    throw new Error(`${origin}: give exactly one of html, file or a handler`);
  }
  const meta = viewMeta(options, origin);
  const contents = (html: string) => ({
    contents: [{ uri: options.uri, mimeType: MCP_APP_MIME_TYPE, text: html, _meta: { ui: meta } }],
  });
  let handler: ResourceHandler;
  if (produce) {
    handler = async (uri, ctx) => {
      const html = await produce(uri instanceof URL ? uri : new URL(uri), ctx);
      if (!isHtmlDocument(html)) {
        throw new McpError(
          ErrorCode.InternalError,
          `App view ${options.uri} did not produce an HTML document`,
          { uri: options.uri },
        );
      }
      return contents(html);
    };
  } else {
    const html = options.html ?? readView(options.file as string, origin);
    if (!isHtmlDocument(html)) {
      throw new Error(
        `${origin}: the view is not an HTML document (it must start with <!doctype html> or <html>)`,
      );
    }
    const result = contents(html);
    handler = () => result;
  }
  return {
    options: {
      uri: options.uri,
      name: options.name ?? options.uri,
      origin,
      mimeType: MCP_APP_MIME_TYPE,
      ...(options.title !== undefined && { title: options.title }),
      ...(options.description !== undefined && { description: options.description }),
      ...(options.icons && { icons: options.icons }),
      ...(options.visible && { visible: options.visible }),
      _meta: { ui: meta },
    },
    handler,
  };
}

function readView(file: string, origin: string): string {
  try {
    return readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new Error(`${origin}: cannot read view file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function viewMeta(options: McpAppViewOptions, origin: string): McpAppViewMeta {
  const meta: McpAppViewMeta = {};
  if (options.csp) meta.csp = checkCsp(options.csp, origin);
  if (options.permissions) {
    for (const key of Object.keys(options.permissions)) {
      if (!PERMISSIONS.includes(key)) {
        throw new Error(`${origin}: unknown permission "${key}" (${PERMISSIONS.join(', ')})`);
      }
    }
    meta.permissions = { ...options.permissions };
  }
  if (options.domain !== undefined) {
    if (typeof options.domain !== 'string' || options.domain.trim() === '') {
      throw new Error(`${origin}: domain must be a non-empty string`);
    }
    meta.domain = options.domain;
  }
  if (options.prefersBorder !== undefined) meta.prefersBorder = options.prefersBorder;
  return Object.freeze(meta);
}

function checkCsp(csp: McpAppCsp, origin: string): McpAppCsp {
  const checked: McpAppCsp = {};
  for (const key of Object.keys(csp)) {
    if (!(CSP_KEYS as readonly string[]).includes(key)) {
      throw new Error(`${origin}: unknown csp key "${key}" (${CSP_KEYS.join(', ')})`);
    }
  }
  for (const key of CSP_KEYS) {
    const domains = csp[key];
    if (domains === undefined) continue;
    if (!Array.isArray(domains)) throw new Error(`${origin}: csp.${key} must be an array`);
    domains.forEach((domain, i) => {
      if (!isCspOrigin(domain)) {
        throw new Error(
          `${origin}: csp.${key}[${i}] ${JSON.stringify(domain)} is not a URL origin ` +
            `(such as https://api.example.com or https://*.example.com)`,
        );
      }
    });
    checked[key] = [...domains];
  }
  return checked;
}
