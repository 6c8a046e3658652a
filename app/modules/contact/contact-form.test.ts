import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, contactFormSchema } from "./contact-form.ts";

const valid = {
  name: "Amara Okafor",
  email: "amara@example.com",
  phone: "",
  message: "Hello! Can my partner join the video consultation?",
};

/** The first error message for each field that failed, or null when the input is accepted. */
function errorsFor(input: Record<string, unknown>) {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return null;
  return Object.fromEntries(
    result.error.issues.map((issue) => [String(issue.path[0]), issue.message] as const).reverse(),
  );
}

describe("the contact form schema", () => {
  it.each([
    ["a complete message", {}],
    ["a phone number with spaces", { phone: "+44 20 7946 0958" }],
    ["a phone number with brackets and dashes", { phone: "(020) 7946-0958" }],
    ["a phone number with an extension", { phone: "020 7946 0958 ext. 12" }],
    ["a name with an apostrophe and accents", { name: "Siobhán O'Brien-Núñez" }],
    ["a message over several lines", { message: "Hello,\n\nTwo questions:\n\t1. Timing\n\t2. Cost" }],
    ["a message at the length limit", { message: "a".repeat(CONTACT_LIMITS.message) }],
  ])("accepts %s", (_label, change) => {
    expect(errorsFor({ ...valid, ...change })).toBeNull();
  });

  it.each([
    ["an empty name", { name: "" }, "name", "Please enter your name"],
    ["a name of spaces", { name: "   " }, "name", "Please enter your name"],
    ["a missing name", { name: undefined }, "name", "Please enter your name"],
    [
      "a very long name",
      { name: "n".repeat(CONTACT_LIMITS.name + 1) },
      "name",
      "Please keep your name under 100 characters",
    ],
    [
      "a name with a line break",
      { name: "Sam\r\nBcc: x@example.com" },
      "name",
      "Please use only letters, spaces and punctuation",
    ],
    ["an empty email", { email: "" }, "email", "Please enter your email address"],
    ["an email without an @", { email: "amara.example.com" }, "email", "Please enter a valid email address"],
    ["an email without a domain", { email: "amara@" }, "email", "Please enter a valid email address"],
    [
      "a very long email",
      { email: `${"a".repeat(250)}@example.com` },
      "email",
      "That email address is too long",
    ],
    [
      "a phone number of letters",
      { phone: "call me maybe" },
      "phone",
      "Please enter a phone number using digits, spaces and + ( ) -, or leave it empty",
    ],
    [
      "a phone number that is too short",
      { phone: "123" },
      "phone",
      "Please enter a phone number using digits, spaces and + ( ) -, or leave it empty",
    ],
    [
      "a very long phone number",
      { phone: "1".repeat(CONTACT_LIMITS.phone + 1) },
      "phone",
      "Please keep your phone number under 30 characters",
    ],
    ["an empty message", { message: "" }, "message", "Please write your message"],
    ["a message of blank lines", { message: " \r\n\r\n " }, "message", "Please write your message"],
    [
      "a message over the length limit",
      { message: "a".repeat(CONTACT_LIMITS.message + 1) },
      "message",
      "Please keep your message under 5,000 characters",
    ],
    [
      "a message with a control character",
      { message: "Hello\u0000there" },
      "message",
      "Your message contains characters we can't read. Please retype it or paste it as plain text",
    ],
  ])("refuses %s", (_label, change, field, message) => {
    expect(errorsFor({ ...valid, ...change })?.[field]).toBe(message);
  });

  it("keeps markup as plain text, exactly as written", () => {
    const parsed = contactFormSchema.parse({
      ...valid,
      name: "<b>Sam</b>",
      message: '<script>alert("hi")</script> & more',
    });
    expect(parsed.name).toBe("<b>Sam</b>");
    expect(parsed.message).toBe('<script>alert("hi")</script> & more');
  });

  it("trims the fields, lower-cases the address, normalises line breaks and counts each as one character", () => {
    const parsed = contactFormSchema.parse({
      name: "  Amara  ",
      email: " Amara@Example.com ",
      phone: " 07700 900123 ",
      message: "\r\nLine one\r\nLine two\r\n",
    });
    expect(parsed).toEqual({
      name: "Amara",
      email: "amara@example.com",
      phone: "07700 900123",
      message: "Line one\nLine two",
    });
    const atLimit = `${"a\r\n".repeat(CONTACT_LIMITS.message / 2 - 1)}ab`;
    expect(contactFormSchema.safeParse({ ...valid, message: atLimit }).success).toBe(true);
  });

  it("leaves an empty phone number out", () => {
    expect(contactFormSchema.parse({ ...valid, phone: "" }).phone).toBeUndefined();
    expect(contactFormSchema.parse({ ...valid, phone: undefined }).phone).toBeUndefined();
  });

  it("reads a submitted form the way the route does", () => {
    const formData = new FormData();
    formData.set("name", "Amara");
    formData.set("email", "not-an-email");
    formData.set("phone", "");
    formData.set("message", "");
    const submission = parseSubmission(formData, contactFormSchema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      email: ["Please enter a valid email address"],
      message: ["Please write your message"],
    });
  });
});
