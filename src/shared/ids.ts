const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in a path or body are uuids; anything else can only be "not found" (and must not reach
 * PostgreSQL, where casting it to uuid is an error).
 */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
