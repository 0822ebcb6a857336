import type { Request } from 'express';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { ProblemException } from '@platform/server-kit';

/**
 * What the Streamable HTTP transport would refuse, refused first as the platform's problem details:
 * every 4xx of the api is `application/problem+json` naming what to fix. The body also carries the
 * JSON-RPC error the protocol expects (`jsonrpc`, `error`, `id: null`), so an MCP client reading
 * either shape understands it. Null when the request is one the transport will take.
 */
export function transportProblem(request: Request): ProblemException | null {
  const refuse = (status: number, title: string, path: string, message: string, code: number) =>
    new ProblemException({
      status,
      title,
      detail: message,
      errors: [{ path, message }],
      jsonrpc: '2.0',
      error: { code, message },
      id: null,
    });
  const accept = String(request.headers.accept ?? '');
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return refuse(
      406,
      'Not Acceptable',
      'accept',
      'Send Accept: application/json, text/event-stream, as MCP clients over Streamable HTTP do.',
      -32000,
    );
  if (!String(request.headers['content-type'] ?? '').includes('application/json'))
    return refuse(415, 'Unsupported Media Type', 'content-type', 'Send the message as application/json.', -32000);
  const body: unknown = request.body;
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0 || !messages.every((message) => JSONRPCMessageSchema.safeParse(message).success))
    return refuse(
      400,
      'Invalid JSON-RPC message',
      'body',
      'Send one JSON-RPC 2.0 message (or a batch of them): { "jsonrpc": "2.0", "id": 1, "method": "tools/list" }.',
      -32600,
    );
  return null;
}
