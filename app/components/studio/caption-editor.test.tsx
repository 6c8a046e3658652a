import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CaptionEditor } from "#app/modules/studio/captions.server.ts";
import { CaptionEditorPage } from "./caption-editor.tsx";

const editor: CaptionEditor = {
  session: { id: "fear-release", title: "Fear Release" },
  cues: [
    { start: 3, end: 5.5, text: "Hello, and welcome." },
    { start: 6, end: 8.25, text: "Breathe in." },
  ],
  after: 4,
  standing: "published",
  savedAt: "2026-11-28T14:05:00.000Z",
};

function renderPage(props: Partial<Parameters<typeof CaptionEditorPage>[0]> = {}) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const form = await request.formData();
    return { intent: form.get("intent"), after: form.get("after"), text: form.getAll("text") };
  });
  const Stub = createRoutesStub([
    {
      path: "/studio/content/fear-release/captions",
      Component: () => (
        <CaptionEditorPage editor={editor} error={null} problems={[]} busy={false} {...props} />
      ),
      action,
    },
  ]);
  render(<Stub initialEntries={["/studio/content/fear-release/captions"]} />);
  return action;
}

describe("the captions page", () => {
  it("labels each cue's words with its number and time, each with its own play button", async () => {
    renderPage();
    const cues = await screen.findByRole("list", { name: "Cues" });
    expect(within(cues).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByLabelText("Cue 1 (0:03.0 to 0:05.5)")).toHaveValue("Hello, and welcome.");
    expect(screen.getByLabelText("Cue 2 (0:06.0 to 0:08.2)")).toHaveValue("Breathe in.");
    expect(screen.getByRole("button", { name: "Play this cue (cue 2)" })).toHaveAttribute("type", "button");
  });

  it("posts every cue's words in order with the revision they came from, to publish or as a draft", async () => {
    const action = renderPage();
    const second = await screen.findByLabelText(/^Cue 2/);
    await userEvent.clear(second);
    await userEvent.type(second, "Breathe in slowly.");
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({
      intent: "publish",
      after: "4",
      text: ["Hello, and welcome.", "Breathe in slowly."],
    });
  });

  it("lists every problem of a refused upload in an alert, with its file and line", async () => {
    renderPage({
      error: "Nothing was changed: the file has a problem to fix first.",
      problems: ["fear-release.vtt, line 6: the cue ends before it starts"],
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("fear-release.vtt, line 6: the cue ends before it starts");
    expect(screen.getByLabelText("Caption file (.vtt)")).toHaveAttribute("accept", ".vtt,text/vtt");
  });
});
