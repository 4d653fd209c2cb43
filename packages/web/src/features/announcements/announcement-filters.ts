import { announcementQuery, type AnnouncementKind } from '@gm/contract/announcements.contract.ts';
import { readListQuery, readUrlQuery } from '../../shared/url-filters.ts';

/** The URL's search params -> the announcement list's filters, as the API's `announcementQuery` reads them. */
export const parseAnnouncementFilters = (params: URLSearchParams) => readListQuery(announcementQuery, params);

/** The board's type (`?type=`), the `type` of the list query the board sends; in-site unless the URL names another. */
const boardUrlQuery = announcementQuery.pick({ type: true }).required();
export const parseBoardType = (params: URLSearchParams): AnnouncementKind => readUrlQuery(boardUrlQuery, params, { type: 'site' satisfies AnnouncementKind }).type;
