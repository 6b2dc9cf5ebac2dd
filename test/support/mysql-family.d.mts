/** Names a `mysql://` TEST_MYSQL_URL `mariadb://` when its server is MariaDB (mysql-family.mjs). */
export function nameMysqlFamily(env?: { TEST_MYSQL_URL?: string }): Promise<void>;
