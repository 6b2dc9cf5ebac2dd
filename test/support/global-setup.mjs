// Jest's globalSetup for the e2e suites: one build of the working tree, and TEST_MYSQL_URL named
// by the family of the server it reaches (the workers start after this, with this environment).
import buildOnce from './build-once.mjs';
import { nameMysqlFamily } from './mysql-family.mjs';

export default async function globalSetup() {
  buildOnce();
  await nameMysqlFamily();
}
