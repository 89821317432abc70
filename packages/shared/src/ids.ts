/** The ids Vitrine hands out (rows, uploads, results, editor versions) are UUIDs, in any letter case. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** Whether `text` is a UUID: an id from a URL is checked with this before any query uses it. */
export const isUuid = (text: string): boolean => UUID.test(text);
