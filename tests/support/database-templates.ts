import { prepareTestDatabaseTemplates } from "./test-databases.ts";

/** Global setup of the data-layer tests: the templates their databases are copied from. */
export async function setup() {
  await prepareTestDatabaseTemplates();
}
