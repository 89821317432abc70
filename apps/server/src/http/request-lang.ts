import type { FastifyRequest } from 'fastify';
import { langFromAcceptLanguage, type Lang } from '@vitrine/shared/locale';

/** The language to answer a request in: the one the client asks for in Accept-Language. */
export function requestLang(request: FastifyRequest): Lang {
  return langFromAcceptLanguage(request.headers['accept-language']);
}
