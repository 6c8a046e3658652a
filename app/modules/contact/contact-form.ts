import * as z from "zod/mini";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { isPlainText } from "#app/modules/site/plain-text.ts";

/**
 * The contact form's rules: the same schema checks in the browser and on the
 * server. Text is kept exactly as written (markup included) and escaped
 * wherever it is shown, so nothing is stripped or rewritten here beyond
 * trimming, normalising line breaks and lower-casing the email address.
 */

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
} as const;

export const contactMessages = {
  /** A message that went out, in the fixed wording (docs/glossary.md). */
  sent: "Thank you! We'll get back to you soon.",
  /** When the message could not be kept: nothing was sent, and what is typed stays in the form. */
  failed: "We couldn't send your message just now. Please try again in a few minutes.",
} as const;

// A phone number as people write it: digits with spaces, dots, dashes, slashes,
// brackets, a leading + and perhaps an extension ("ext. 12", "x12").
const PHONE_PATTERN = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
const PHONE_DIGITS = { min: 6, max: 20 };

const name = z.string({ message: "Please enter your name" }).check(
  z.trim(),
  z.minLength(1, "Please enter your name"),
  z.maxLength(CONTACT_LIMITS.name, `Please keep your name under ${CONTACT_LIMITS.name} characters`),
  z.refine((value) => isPlainText(value), "Please use only letters, spaces and punctuation"),
);

// Normalised, so a visitor's messages are found by her address whatever its capitals.
const email = z.pipe(
  z
    .string({ message: "Please enter your email address" })
    .check(
      z.overwrite(normalizeEmail),
      z.minLength(1, "Please enter your email address"),
      z.maxLength(CONTACT_LIMITS.email, "That email address is too long"),
    ),
  z.email({ message: "Please enter a valid email address" }),
);

const phone = z.optional(
  z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(
        CONTACT_LIMITS.phone,
        `Please keep your phone number under ${CONTACT_LIMITS.phone} characters`,
      ),
      z.refine(
        (value) => value === "" || isPhoneNumber(value),
        "Please enter a phone number using digits, spaces and + ( ) -, or leave it empty",
      ),
    ),
    // An empty box means "no phone number", stored as null rather than "".
    z.transform((value: string) => (value === "" ? undefined : value)),
  ),
);

const message = z.string({ message: "Please write your message" }).check(
  // Browsers send line breaks as CRLF; one line break counts as one character.
  z.overwrite((value) => value.replace(/\r\n?/g, "\n").trim()),
  z.minLength(1, "Please write your message"),
  z.maxLength(
    CONTACT_LIMITS.message,
    `Please keep your message under ${CONTACT_LIMITS.message.toLocaleString("en-GB")} characters`,
  ),
  // Hidden characters can disguise text; a message may still use line breaks and tabs.
  z.refine(
    (value) => isPlainText(value, { multiline: true }),
    "Your message contains characters we can't read. Please retype it or paste it as plain text",
  ),
);

export const contactFormSchema = z.object({ name, email, phone, message });

export type ContactMessageInput = z.output<typeof contactFormSchema>;

function isPhoneNumber(value: string) {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/(?:ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}
