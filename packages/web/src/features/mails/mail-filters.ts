import { mailListQuery } from '@gm/contract/mails.contract.ts';
import { orderedRange, readListQuery } from '../../shared/url-filters.ts';
import { paths } from '../../shared/paths.ts';

/** The URL's search params -> the mail list's filters, as the API's `mailListQuery` reads them. */
export const parseMailFilters = (params: URLSearchParams) => orderedRange(readListQuery(mailListQuery, params), 'start', 'end');

/** `/info/mail/add?id=…` edits that mail; `?copy` is not a thing: copies are made by the server. */
export function parseMailId(params: URLSearchParams): string | null {
  return params.get('id')?.trim() || null;
}

/** Splits typed or pasted role ids: lines, commas (also Chinese ones), semicolons, spaces. Repeats go. */
export function parseRoleIds(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；]+/).map((s) => s.trim()).filter((s) => s !== ''))];
}

/** Links to one mail's pages. */
export const mailHrefs = {
  edit: (id: string) => `${paths.mailAdd}?id=${encodeURIComponent(id)}`,
  detail: (id: string) => `${paths.mailDetail}?id=${encodeURIComponent(id)}`,
};
