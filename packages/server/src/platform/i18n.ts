import type { FastifyRequest } from 'fastify';
import { languageFrom, translate, type Language } from '@gm/contract/messages.ts';

/** The operator's language: the web app sends it in Accept-Language (zh* is Chinese). */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFrom(request.headers['accept-language']);
}

export function t(request: FastifyRequest, key: string, values?: Record<string, unknown>): string {
  return translate(requestLanguage(request), key, values);
}
