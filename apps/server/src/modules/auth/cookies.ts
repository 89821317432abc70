/** The account's own small cookies (sign-up proof, known device), beside the ones better-auth sets. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** On https a cookie's name carries the __Secure- prefix, which a browser only accepts with Secure. */
export const cookieName = (name: string, secure: boolean) => (secure ? `__Secure-${name}` : name);

/** Adds a cookie for the account API's paths to the reply, keeping the ones already set. */
export function setAuthCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  const cookie = `${cookieName(name, secure)}=${value}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing.map(String) : existing ? [String(existing)] : [];
  reply.header('set-cookie', [...list, cookie]);
}

export function readCookie(request: FastifyRequest, name: string, secure: boolean): string | undefined {
  const full = cookieName(name, secure);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === full) return value.join('=');
  }
  return undefined;
}
