import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";
import {
  contentVersionReader,
  markContentChanged,
  readContentVersion,
  versionedSnapshot,
} from "./content-version.server.ts";

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

describe("a snapshot kept per content version", () => {
  /** A version reader whose version the test sets. */
  function versionAt(start: number) {
    const reader = { version: start, current: async () => reader.version, changed: () => {} };
    return reader;
  }

  it("is made once for many requests at one version, and again only when the version moves", async () => {
    const version = versionAt(1);
    let made = 0;
    const snapshot = versionedSnapshot(version, async () => ++made);
    expect(await Promise.all([snapshot.current(), snapshot.current(), snapshot.current()])).toEqual([
      1, 1, 1,
    ]);
    expect(await snapshot.current()).toBe(1);
    version.version = 2;
    expect(await snapshot.current()).toBe(2);
    expect(made).toBe(2);
  });

  it("never goes back to an older version's snapshot that finished making last", async () => {
    const version = versionAt(1);
    const finish: Array<(value: string) => void> = [];
    const snapshot = versionedSnapshot(version, () => new Promise<string>((resolve) => finish.push(resolve)));
    const older = snapshot.current();
    await Promise.resolve();
    version.version = 2;
    const newer = snapshot.current();
    await Promise.resolve();
    finish[1]!("words at 2");
    expect(await newer).toBe("words at 2");
    finish[0]!("words at 1");
    expect(await older).toBe("words at 1");
    expect(await snapshot.current()).toBe("words at 2");
  });
});
