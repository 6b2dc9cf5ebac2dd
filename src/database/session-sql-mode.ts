/**
 * The SQL mode of every MySQL session the service opens, whatever the server's default (an
 * operator's my.cnf, MariaDB's or Oracle MySQL's own): strict, so a value that does not fit is an
 * error and never cut or zeroed, and without ANSI_QUOTES, NO_BACKSLASH_ESCAPES or PIPES_AS_CONCAT,
 * which would change how the SQL and mysql2's escaped values read.
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
