import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";
import { contentVersionReader, markContentChanged, readContentVersion } from "./content-version.server.ts";

describe.each(testDialects)("the content version on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("moves on once per publish, and not at all when the publish's transaction fails", async () => {
    const before = await readContentVersion(database.db);
    await markContentChanged(database.db);
    expect(await readContentVersion(database.db)).toBe(before + 1);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await markContentChanged(trx);
        throw new Error("the publish failed");
      }),
    ).rejects.toThrow("the publish failed");
    expect(await readContentVersion(database.db)).toBe(before + 1);
  });

  it("counts every one of many publishes made at once", async () => {
    const before = await readContentVersion(database.db);
    await Promise.all(
      Array.from({ length: 20 }, () => database.db.transaction().execute((trx) => markContentChanged(trx))),
    );
    expect(await readContentVersion(database.db)).toBe(before + 20);
  });

  it("shows another instance's publish once its known version is a second old, and its own at once", async () => {
    let clock = 1_000_000;
    const here = contentVersionReader(database.db, () => clock);
    const first = await here.current();
    await markContentChanged(database.db);
    expect(await here.current()).toBe(first);
    clock += 1_000;
    expect(await here.current()).toBe(first + 1);
    await markContentChanged(database.db);
    here.changed();
    expect(await here.current()).toBe(first + 2);
  });
});
