/** Bridges Fastify and the Fetch API objects better-auth speaks. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Copies the cookies better-auth set (or cleared) onto our reply. */
export function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Passes a request straight to a Fetch-style handler and sends its response back. */
export async function proxyToHandler(
  request: FastifyRequest,
  reply: FastifyReply,
  baseUrl: string,
  handler: (req: Request) => Promise<Response>,
  /** The path and query to hand on, when not the request's own. */
  url = request.url,
) {
  const response = await handler(
    new Request(new URL(url, baseUrl), { method: request.method, headers: requestHeaders(request) }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  forwardCookies(response.headers, reply);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
