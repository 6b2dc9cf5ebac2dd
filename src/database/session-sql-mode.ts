/**
 * Every MySQL session's SQL mode, whatever the server's default: strict (a value that does not fit
 * is an error), and none of the modes that change how the SQL and escaped values read.
 */
export const SESSION_SQL_MODE = [
  'ONLY_FULL_GROUP_BY',
  'STRICT_ALL_TABLES',
  'NO_ZERO_IN_DATE',
  'NO_ZERO_DATE',
  'ERROR_FOR_DIVISION_BY_ZERO',
  'NO_ENGINE_SUBSTITUTION',
].join(',');

export const SET_SESSION_SQL_MODE = `SET SESSION sql_mode = '${SESSION_SQL_MODE}'`;
