/** A key's name, in API_KEYS and for issued keys: 1 to 64 letters, digits, `.`, `_` or `-`. */
export const API_KEY_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** The same, as an OpenAPI `pattern` (its length is stated as minLength and maxLength). */
export const API_KEY_NAME_PATTERN = '^[A-Za-z0-9._-]+$';
