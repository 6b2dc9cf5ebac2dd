/** The per-address limit of requests without a valid key, free of Nest for the primary. */

/** Client addresses with a failed-authentication window at once; about 150 bytes each. */
export const FAILED_AUTHENTICATION_ADDRESSES_MAX = 10_000;
/** The throttler name of the per-address counts, which a store may keep apart and bounded. */
export const FAILED_AUTHENTICATION = 'failed-authentication';
