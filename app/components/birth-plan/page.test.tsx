import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { BirthPlanAnswer, BirthPlanPageData } from "#app/modules/birth-plan/page.server.ts";
import { BIRTH_PLAN_SECTIONS, findChoice } from "#app/modules/birth-plan/sections.ts";
import { BirthPlanPage } from "./page.tsx";
import { formatClock } from "./saved-time.tsx";
import { AUTOSAVE_DELAY_MS, AUTOSAVE_URL, draftKey, RETRY_MS, type BirthPlanDraft } from "./use-autosave.ts";

const T0 = Date.UTC(2026, 10, 26, 14, 5, 0);
const HOUR = 3_600_000;
const MEMBER = "member-1";
const OFFLINE_MESSAGE = "Saved on this device. It will be saved to your account when you're back online.";
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const label = (id: string) => findChoice(id)!.choice.label;

function memberData(overrides: Partial<BirthPlanPageData> = {}): BirthPlanPageData {
  return {
    role: "member",
    herFirstName: "Amara",
    plan: {
      content: {
        sections: {
          environment: {
            choices: ["environment.dim-lights", "environment.quiet-voices"],
            note: "Please knock.",
          },
          "plan-c": { choices: ["plan-c.music"], note: "" },
        },
      },
      number: 3,
      savedAt: new Date(T0 - HOUR).toISOString(),
    },
    versions: [
      { number: 3, savedAt: new Date(T0 - HOUR).toISOString(), restoredFrom: null, choices: 3, notes: 1 },
      { number: 2, savedAt: new Date(T0 - 24 * HOUR).toISOString(), restoredFrom: 1, choices: 1, notes: 0 },
      {
        number: 1,
        savedAt: new Date(T0 - 48 * HOUR).toISOString(),
        restoredFrom: null,
        choices: 1,
        notes: 1,
      },
    ],
    viewing: null,
    comments: [
      {
        id: "c1",
        sectionId: "environment",
        body: "Shall I bring the fairy lights?",
        authorFirstName: "Sam",
        createdAt: new Date(T0 - 2 * HOUR).toISOString(),
        resolved: false,
        mine: false,
      },
      {
        id: "c2",
        sectionId: "environment",
        body: "I'll pack the speaker.",
        authorFirstName: "Sam",
        createdAt: new Date(T0 - 3 * HOUR).toISOString(),
        resolved: true,
        mine: false,
      },
    ],
    ...overrides,
  };
}

function renderPage(data: BirthPlanPageData, answer?: BirthPlanAnswer) {
  const Stub = createRoutesStub([
    {
      path: "/portal/birth-preferences",
      Component: () => <BirthPlanPage data={data} answer={answer} memberKey={MEMBER} />,
    },
  ]);
  return render(<Stub initialEntries={["/portal/birth-preferences"]} />);
}

/** Moves the clock on, letting each answer arrive as it goes. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const group = (name: string) => screen.getByRole("group", { name });
const noteIn = (section: string) => within(group(section)).getByRole("textbox", { name: "Your note" });
const status = () => screen.getByRole("status");
const draft = () => JSON.parse(localStorage.getItem(draftKey(MEMBER)) ?? "null") as BirthPlanDraft | null;
const savedAnswer = (savedAt = new Date(T0 + 1000).toISOString()) =>
  new Response(JSON.stringify({ ok: true, number: 3, savedAt }), { status: 200 });
/** The forms posted, in order. */
const posted = () => fetchMock.mock.calls.map(([, init]) => init!.body as FormData);

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
  fetchMock = vi.fn<typeof fetch>(async () => savedAnswer());
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("her birth preferences editor", () => {
  it("shows every section as a labelled group, ticked and filled in from her plan", async () => {
    renderPage(memberData());
    await wait(0);
    expect(screen.getByRole("heading", { level: 1, name: "Birth preferences" })).toBeInTheDocument();
    for (const section of BIRTH_PLAN_SECTIONS) {
      const boxes = within(group(section.title)).getAllByRole("checkbox");
      expect(boxes).toHaveLength(section.choices.length);
      expect(noteIn(section.title)).toHaveAttribute("maxlength", "1000");
      expect(noteIn(section.title)).toHaveAttribute("name", `note.${section.id}`);
    }
    const environment = within(group("Environment"));
    expect(environment.getByRole("checkbox", { name: label("environment.dim-lights") })).toBeChecked();
    expect(environment.getByRole("checkbox", { name: label("environment.quiet-voices") })).toBeChecked();
    expect(environment.getByRole("checkbox", { name: label("environment.own-music") })).not.toBeChecked();
    expect(
      environment.getByRole("checkbox", { name: label("environment.dim-lights") }),
    ).toHaveAccessibleDescription(findChoice("environment.dim-lights")!.choice.explanation);
    expect(noteIn("Environment")).toHaveValue("Please knock.");
    expect(noteIn("Feeding and the first hour")).toHaveValue("");
    // Plans B and C come under their own heading.
    expect(screen.getByRole("heading", { level: 2, name: "If things change" })).toBeInTheDocument();
    expect(
      within(group("Plan C: caesarean birth")).getByRole("checkbox", { name: label("plan-c.music") }),
    ).toBeChecked();
    // Every control is the one plan form's, which also works as a plain post.
    const form = document.getElementById("birth-plan-form") as HTMLFormElement;
    const sent = new FormData(form);
    expect(sent.get("intent")).toBe("save-plan");
    expect(sent.get("via")).toBe("form");
    expect(sent.getAll("choice")).toEqual([
      "environment.dim-lights",
      "environment.quiet-voices",
      "plan-c.music",
    ]);
    expect(sent.get("note.environment")).toBe("Please knock.");
    expect(screen.getByRole("button", { name: "Save my preferences" })).toHaveAttribute("type", "submit");
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      "/portal/birth-preferences.pdf",
    );
    expect(screen.getByRole("link", { name: "Print view" })).toHaveAttribute(
      "href",
      "/portal/birth-preferences/print",
    );
  });

  it("keeps a note on the device at once and saves it to her account once she pauses", async () => {
    renderPage(memberData());
    await wait(0);
    fireEvent.input(noteIn("Feeding and the first hour"), {
      target: { value: "Skin to skin first, please." },
    });
    expect(draft()).toMatchObject({
      editedAt: new Date(T0).toISOString(),
      notes: { feeding: "Skin to skin first, please." },
    });
    expect(status()).toHaveTextContent("Saving…");

    await wait(AUTOSAVE_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(AUTOSAVE_URL);
    expect(fetchMock.mock.calls[0]![1]!.method).toBe("POST");
    const body = posted()[0]!;
    expect(body.get("intent")).toBe("save-plan");
    expect(body.get("via")).toBe("autosave");
    expect(body.get("note.feeding")).toBe("Skin to skin first, please.");
    expect(body.getAll("choice")).toContain("environment.dim-lights");

    await wait(0);
    expect(status()).toHaveTextContent(
      `Saved at ${formatClock(new Date(T0 + 1000).toISOString(), timeZone)}`,
    );
    // Her account has it: the device's copy goes.
    expect(draft()).toBeNull();
  });

  it("sends one save at a time, then the latest form", async () => {
    let answerFirst: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    renderPage(memberData());
    await wait(0);
    const tick = within(group("Environment")).getByRole("checkbox", {
      name: label("environment.birth-pool"),
    });
    fireEvent.click(tick);
    await wait(AUTOSAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.input(noteIn("Environment"), { target: { value: "Knock, then wait." } });
    await wait(AUTOSAVE_DELAY_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answerFirst(savedAnswer()));
    await wait(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(posted()[1]!.get("note.environment")).toBe("Knock, then wait.");
    expect(posted()[1]!.getAll("choice")).toContain("environment.birth-pool");
    // The first answer came for an older form: the draft stayed until the second.
    expect(draft()).toBeNull();
  });

  it("keeps the draft on the device when the save can't get through, and tries again", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderPage(memberData());
    await wait(0);
    fireEvent.input(noteIn("Monitoring"), { target: { value: "Ask me first." } });
    await wait(AUTOSAVE_DELAY_MS);
    await wait(0);
    expect(status()).toHaveTextContent(OFFLINE_MESSAGE);
    expect(draft()?.notes.monitoring).toBe("Ask me first.");

    await wait(RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(status()).toHaveTextContent("Saved at");
    expect(draft()).toBeNull();
  });

  it("waits for the browser to be back online, then saves", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderPage(memberData());
    await wait(0);
    fireEvent.input(noteIn("Monitoring"), { target: { value: "Ask me first." } });
    expect(status()).toHaveTextContent(OFFLINE_MESSAGE);
    await wait(AUTOSAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent(OFFLINE_MESSAGE);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    await wait(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent("Saved at");
  });

  it("shows the server's reason when it refuses a save, and keeps the draft", async () => {
    const message = "That's a lot of changes in a few minutes. Please wait a little and try again.";
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ ok: false, message }), { status: 429 }));
    renderPage(memberData());
    await wait(0);
    fireEvent.click(
      within(group("Feeding and the first hour")).getByRole("checkbox", {
        name: label("feeding.skin-to-skin"),
      }),
    );
    await wait(AUTOSAVE_DELAY_MS);
    await wait(0);
    expect(status()).toHaveTextContent(message);
    expect(draft()?.choices).toContain("feeding.skin-to-skin");
  });

  it("puts back a draft newer than her account's save, and saves it", async () => {
    const kept: BirthPlanDraft = {
      editedAt: new Date(T0 - 10 * 60_000).toISOString(),
      choices: ["environment.birth-pool"],
      notes: { environment: "Written on the train", feeding: "" },
    };
    localStorage.setItem(draftKey(MEMBER), JSON.stringify(kept));
    renderPage(memberData());
    await wait(0);
    const environment = within(group("Environment"));
    expect(environment.getByRole("checkbox", { name: label("environment.birth-pool") })).toBeChecked();
    expect(environment.getByRole("checkbox", { name: label("environment.dim-lights") })).not.toBeChecked();
    expect(noteIn("Environment")).toHaveValue("Written on the train");
    expect(status()).toHaveTextContent("We put back changes you made on this device");

    await wait(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(posted()[0]!.getAll("choice")).toEqual(["environment.birth-pool"]);
    expect(posted()[0]!.get("note.environment")).toBe("Written on the train");
    expect(draft()).toBeNull();
  });

  it("sets aside a draft older than her account's save", async () => {
    const old: BirthPlanDraft = {
      editedAt: new Date(T0 - 2 * HOUR).toISOString(),
      choices: [],
      notes: { environment: "An old thought" },
    };
    localStorage.setItem(draftKey(MEMBER), JSON.stringify(old));
    renderPage(memberData());
    await wait(AUTOSAVE_DELAY_MS);
    expect(noteIn("Environment")).toHaveValue("Please knock.");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(draft()).toBeNull();
  });

  it("after a plain save that failed, says why above the form and beside the note", async () => {
    const message = "This note is 1,200 characters. Please keep it to 1,000 or fewer.";
    renderPage(memberData(), { kind: "invalid", status: 400, message, errors: { "note.feeding": message } });
    await wait(0);
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(noteIn("Feeding and the first hour")).toHaveAttribute("aria-invalid", "true");
    expect(noteIn("Feeding and the first hour")).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(noteIn("Environment")).not.toHaveAttribute("aria-invalid");
  });

  it("lets her resolve an open comment and reopen a resolved one, outside the plan's form", async () => {
    renderPage(memberData());
    await wait(0);
    const open = screen.getByText("Shall I bring the fairy lights?").closest("article")!;
    const resolveButton = within(open).getByRole("button", { name: "Resolve" });
    const resolveForm = resolveButton.closest("form")!;
    expect(resolveForm.id).not.toBe("birth-plan-form");
    expect(new FormData(resolveForm).get("intent")).toBe("resolve-comment");
    expect(new FormData(resolveForm).get("commentId")).toBe("c1");

    const resolved = screen.getByText("I'll pack the speaker.").closest("article")!;
    expect(within(resolved).getByText("Resolved")).toBeInTheDocument();
    const reopen = within(resolved).getByRole("button", { name: "Reopen" }).closest("form")!;
    expect(new FormData(reopen).get("intent")).toBe("reopen-comment");
    // No form holds another.
    expect(document.querySelectorAll("form form")).toHaveLength(0);
  });

  it("lists earlier versions, with a look and a restore for each", async () => {
    renderPage(memberData());
    await wait(0);
    const details = screen.getByText("Earlier versions (2)").closest("details")!;
    const items = within(details).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Version 2");
    expect(items[0]).toHaveTextContent("1 choice, 0 notes · Restored from version 1");
    expect(within(items[0]!).getByRole("link", { name: /Look at it/ })).toHaveAttribute(
      "href",
      "/portal/birth-preferences?version=2",
    );
    const restore = within(items[1]!).getByRole("button", { name: "Restore version 1" }).closest("form")!;
    expect(new FormData(restore).get("intent")).toBe("restore-version");
    expect(new FormData(restore).get("version")).toBe("1");
    expect(within(items[1]!).getByText(/Nov 2026, \d\d:\d\d/)).toHaveAttribute(
      "dateTime",
      new Date(T0 - 48 * HOUR).toISOString(),
    );
  });

  it("shows an earlier version she asked for, read only, with a way to restore it", async () => {
    renderPage(
      memberData({
        viewing: {
          number: 2,
          content: { sections: { feeding: { choices: ["feeding.skin-to-skin"], note: "" } } },
        },
      }),
    );
    await wait(0);
    const card = screen
      .getByRole("heading", { level: 2, name: "You're looking at version 2" })
      .closest("section")!;
    expect(within(card).getByText(label("feeding.skin-to-skin"))).toBeInTheDocument();
    expect(within(card).queryByRole("checkbox")).toBeNull();
    expect(within(card).getByRole("button", { name: "Restore version 2" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Back to your plan now" })).toHaveAttribute(
      "href",
      "/portal/birth-preferences",
    );
  });
});

describe("her birth partner's page", () => {
  const partnerData = () =>
    memberData({
      role: "partner",
      versions: [],
      comments: [
        {
          id: "c9",
          sectionId: "feeding",
          body: "I'll remember the snacks.",
          authorFirstName: "Sam",
          createdAt: new Date(T0 - HOUR).toISOString(),
          resolved: false,
          mine: true,
        },
      ],
    });

  it("reads her plan with no way to change it, and a comment form for every section", async () => {
    renderPage(partnerData());
    await wait(0);
    expect(
      screen.getByText(
        "Amara's birth preferences. You can read them and leave a comment on any section for Amara to see.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(document.getElementById("birth-plan-form")).toBeNull();
    expect(screen.getByText(label("environment.dim-lights"))).toBeInTheDocument();
    expect(screen.queryByText(label("environment.own-music"))).toBeNull();
    expect(screen.getByText("Please knock.")).toBeInTheDocument();

    for (const section of BIRTH_PLAN_SECTIONS) {
      const box = screen.getByRole("textbox", { name: `Comment for Amara on ${section.title}` });
      expect(box).toHaveAttribute("maxlength", "1000");
      const form = new FormData(box.closest("form")!);
      expect(form.get("intent")).toBe("add-comment");
      expect(form.get("sectionId")).toBe(section.id);
    }
    expect(screen.getAllByRole("button", { name: "Add comment" })).toHaveLength(BIRTH_PLAN_SECTIONS.length);

    const mine = screen.getByText("I'll remember the snacks.").closest("article")!;
    const remove = within(mine).getByRole("button", { name: "Delete" }).closest("form")!;
    expect(new FormData(remove).get("intent")).toBe("delete-comment");
    expect(screen.queryByRole("button", { name: "Resolve" })).toBeNull();
  });
});
