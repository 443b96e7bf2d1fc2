import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/** Reads an urlencoded form body. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dev login + consent step of the sample's authorization server: GET shows who asks for
 * which scopes and a login field; POST `login=<user>` signs that user in and grants every scope
 * the client asked for (for its resource), then resumes the authorization. No passwords: for
 * local development and tests only.
 */
export async function serveInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    const scopes = String(details.params.scope ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Sign in</title><form method="post" action="/interaction/${details.uid}">` +
        `<p>${escape(String(details.params.client_id))} asks for: ${escape(scopes)}</p>` +
        `<label>User <input name="login" value="alice"></label><button>Allow</button></form>`,
    );
    return;
  }
  const login = (await readForm(req)).get('login')?.trim();
  if (!login) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end('login is required');
    return;
  }
  const grant = new provider.Grant({
    accountId: login,
    clientId: String(details.params.client_id),
  });
  const { missingOIDCScope, missingResourceScopes } = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
