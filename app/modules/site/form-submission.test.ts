import { describe, expect, it } from "vitest";
import {
  deleteAccountSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "#app/modules/accounts/forms.ts";
import { parseSubmission } from "./form-submission.ts";

function form(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return formData;
}

describe("parseSubmission", () => {
  it("gives the schema's output when the form is valid", () => {
    const submission = parseSubmission(
      form({
        intent: "sign-up",
        tier: "",
        name: " Amara ",
        email: " Amara@Example.com",
        password: "calm-waters-rise",
      }),
      signUpSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "sign-up",
      tier: "free",
      name: "Amara",
      email: "amara@example.com",
      password: "calm-waters-rise",
    });
  });

  it("reads an empty field as a missing one, with the message for a missing value", () => {
    const submission = parseSubmission(
      form({ intent: "sign-up", name: "Amara", email: "", password: "" }),
      signUpSchema,
    );
    expect(submission.reply().error).toEqual({
      email: ["Please enter your email address"],
      password: ["Please choose a password"],
    });
  });

  it("puts each message under its field's name", () => {
    const submission = parseSubmission(
      form({ token: "t", password: "calm-waters-rise", confirm: "calm-waters-fall" }),
      resetPasswordSchema,
    );
    expect(submission.reply().error).toEqual({ confirm: ["The two passwords don't match"] });
    const deletion = parseSubmission(
      form({ intent: "delete-account", confirm: "DELETE" }),
      deleteAccountSchema,
    );
    expect(deletion.reply().error).toEqual({
      password: ["Please enter your password, or a code we email you"],
    });
  });

  it("speaks zod's English for a check without a message of its own", () => {
    const submission = parseSubmission(
      form({ intent: "sign-up", email: "amara@example.com", password: "calm-waters-rise" }),
      signInSchema,
    );
    expect(submission.reply().error).toEqual({ intent: ['Invalid input: expected "sign-in"'] });
  });
});
