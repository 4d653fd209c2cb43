import { ANNOUNCEMENT_KINDS, announcementQuery, type AnnouncementKind } from '@gm/contract/announcements.contract.ts';
import { readEnum } from '../../shared/hooks/use-search-state.ts';
import { readListQuery } from '../../shared/url-filters.ts';

/** The URL's search params -> the announcement list's filters, as the API's `announcementQuery` reads them. */
export const parseAnnouncementFilters = (params: URLSearchParams) => readListQuery(announcementQuery, params);

/** The board's type (`?type=`), in-site unless the URL names another. */
export const parseBoardType = (params: URLSearchParams): AnnouncementKind => readEnum(params.get('type'), ANNOUNCEMENT_KINDS) ?? 'site';
