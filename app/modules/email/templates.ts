import { firstName } from "#app/modules/people/display.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { COMPLETE_COURSE_CONTAINS } from "#app/modules/catalogue/complete-course.ts";
import { countOf } from "#app/modules/words/plural.ts";

/** An email ready to send: both parts are always written, text first. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailMessage extends EmailContent {
  /** What it is, for the outbox and the logs: never the content. */
  kind: string;
  to: string;
  /**
   * The address of the person the message is about, when that is not its
   * recipient (the owner's copy of a contact message names the visitor), so
   * deleting her account finds it too.
   */
  about?: string;
  /**
   * Where one click unsubscribes her from this kind of message, for messages she
   * chose to receive (reminders): sent as List-Unsubscribe with
   * List-Unsubscribe-Post (RFC 8058), so her mail app can offer it too.
   */
  unsubscribeUrl?: string;
}

/** Names and messages are shown as text, never as markup. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A code shown large, for typing in. */
  code?: string;
  /** Someone's own words, quoted after the paragraphs: a heading line, then their lines. */
  quote?: { label: string; lines: string[] };
  footnote: string;
}

function layout({
  preheader,
  heading,
  paragraphs,
  action,
  code,
  quote,
  footnote,
}: Layout): EmailContent["html"] {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#2b2238">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#fbf7f1;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;font-weight:600;color:#5b3f6e">${BRAND.name}</p>
<div style="background:#ffffff;border:1px solid #e3d7c8;border-radius:16px;padding:28px 24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:24px;line-height:1.3;color:#2b2238">${escapeHtml(heading)}</h1>
${paragraphs.map(p).join("\n")}
${
  quote
    ? `<p style="margin:8px 0 8px;font-size:14px;line-height:1.6;color:#5a4f66">${escapeHtml(quote.label)}</p>
<blockquote style="margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid #e3d7c8">
${quote.lines.map((line) => `<p style="margin:0 0 8px;font-size:15px;line-height:1.6;color:#5a4f66">${escapeHtml(line)}</p>`).join("\n")}
</blockquote>`
    : ""
}
${
  code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:700;color:#2b2238;font-family:Menlo,Consolas,monospace">${escapeHtml(code)}</p>`
    : ""
}
${
  action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#5b3f6e;color:#fbf7f1;text-decoration:none;font-weight:600;font-size:16px;padding:14px 24px;border-radius:999px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#5a4f66">If the button doesn't work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#5b3f6e;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
</div>
<p style="margin:24px 0 0;font-size:13px;line-height:1.6;color:#5a4f66">${escapeHtml(footnote)}</p>
</div>
</body>
</html>`;
}

function text(lines: (string | undefined)[]): string {
  return `${lines.filter((line) => line !== undefined).join("\n\n")}\n\n— ${BRAND.name}\n`;
}

const IGNORE = "If you didn't ask for this, you can ignore this email: nothing will change.";

/**
 * A greeting with a first name as the one rule for names shows it (letters
 * only, short: accounts/display.ts), or without a name when none is left:
 * whatever was typed as a name, our email says no more in it than a name.
 */
function greeting(name: string | null, named: (first: string) => string, unnamed: string): string {
  const first = firstName(name, "");
  return first ? named(first) : unnamed;
}
const hello = (name: string | null) => greeting(name, (first) => `Hello ${first},`, "Hello,");
const welcome = (name: string) => greeting(name, (first) => `Welcome, ${first}.`, "Welcome.");

export function magicLinkEmail({ url, minutes }: { url: string; minutes: number }): EmailContent {
  const intro = `Here is your link to sign in to ${BRAND.name}. It works once, for the next ${countOf(minutes, "minute")}.`;
  return {
    subject: `Your ${BRAND.name} sign-in link`,
    text: text([intro, `Sign in: ${url}`, IGNORE]),
    html: layout({
      preheader: "Your sign-in link, valid for a few minutes.",
      heading: "Sign in to Tidewell",
      paragraphs: [intro],
      action: { label: "Sign in", url },
      footnote: IGNORE,
    }),
  };
}

export function signInCodeEmail({ code, minutes }: { code: string; minutes: number }): EmailContent {
  const intro = `Enter this code on the sign-in page. It works once, for the next ${countOf(minutes, "minute")}.`;
  return {
    subject: `Your ${BRAND.name} sign-in code: ${code}`,
    text: text([intro, `Your code: ${code}`, IGNORE]),
    html: layout({
      preheader: `Your sign-in code is ${code}.`,
      heading: "Your sign-in code",
      paragraphs: [intro],
      code,
      footnote: IGNORE,
    }),
  };
}

export function passwordResetEmail({
  name,
  url,
  minutes,
}: {
  name: string;
  url: string;
  minutes: number;
}): EmailContent {
  const greet = hello(name);
  const intro = `Someone (we hope you) asked to reset the password for your ${BRAND.name} account. Choose a new one with the link below; it works for the next ${countOf(minutes, "minute")}.`;
  return {
    subject: `Reset your ${BRAND.name} password`,
    text: text([greet, intro, `Choose a new password: ${url}`, IGNORE]),
    html: layout({
      preheader: "A link to choose a new password.",
      heading: "Choose a new password",
      paragraphs: [greet, intro],
      action: { label: "Choose a new password", url },
      footnote: IGNORE,
    }),
  };
}

export function welcomeEmail({ name, portalUrl }: { name: string; portalUrl: string }): EmailContent {
  const greet = welcome(name);
  const lines = [
    "Your account is ready. The Foundation Course is yours: two calming audios and three guides you can come back to whenever you like.",
    "A good first step is Affirmations One, wherever you are comfortable. Your birth partner is welcome to listen with you.",
    "Hypnobirthing is a complement to the care of your midwife or doctor, never a replacement: please ask them anything about your health or your baby's.",
  ];
  const footnote = `You are receiving this because you created a ${BRAND.name} account with this address.`;
  return {
    subject: `Welcome to ${BRAND.name}`,
    text: text([greet, ...lines, `Open your dashboard: ${portalUrl}`, footnote]),
    html: layout({
      preheader: "Your account is ready.",
      heading: `Welcome to ${BRAND.name}`,
      paragraphs: [greet, ...lines],
      action: { label: "Open your dashboard", url: portalUrl },
      footnote,
    }),
  };
}

/** The first email of a password sign-up: the welcome, and the link that proves the address. */
export function confirmEmailEmail({
  name,
  url,
  hours,
}: {
  name: string;
  url: string;
  hours: number;
}): EmailContent {
  const greet = welcome(name);
  const intro = `You're one step from your ${BRAND.name} course: open the link below to confirm this is your email address, and you'll go straight to your dashboard. The link works for the next ${hours} hours.`;
  const care =
    "Hypnobirthing is a complement to the care of your midwife or doctor, never a replacement: please ask them anything about your health or your baby's.";
  const footnote = `If you didn't create a ${BRAND.name} account, you can ignore this email: no account is made without this step.`;
  return {
    subject: `Confirm your email to start ${BRAND.name}`,
    text: text([greet, intro, `Confirm and start: ${url}`, care, footnote]),
    html: layout({
      preheader: "One tap and your course is ready.",
      heading: "Confirm your email",
      paragraphs: [greet, intro, care],
      action: { label: "Confirm and start", url },
      footnote,
    }),
  };
}

/**
 * Someone tried to sign up with an address that already has an account. The
 * page said what it says to everyone; the owner of the address hears the rest.
 */
export function accountExistsEmail({ name, signInUrl }: { name: string; signInUrl: string }): EmailContent {
  const greet = hello(name);
  const intro = `Someone (we hope you) just tried to create a ${BRAND.name} account with this email address. You already have one, so nothing new was made.`;
  const how =
    "To get back in, sign in with your password, or ask for a sign-in link or code by email if you've forgotten it.";
  const footnote = `If it wasn't you, you can ignore this email: your account hasn't changed.`;
  return {
    subject: `You already have a ${BRAND.name} account`,
    text: text([greet, intro, how, `Sign in: ${signInUrl}`, footnote]),
    html: layout({
      preheader: "You already have an account with this address.",
      heading: "You already have an account",
      paragraphs: [greet, intro, how],
      action: { label: "Sign in", url: signInUrl },
      footnote,
    }),
  };
}

/** The code that confirms deleting an account. */
export function deletionCodeEmail({ code, minutes }: { code: string; minutes: number }): EmailContent {
  const intro = `Enter this code on your profile page to confirm that you want to delete your ${BRAND.name} account and everything in it. It works once, for the next ${countOf(minutes, "minute")}.`;
  const footnote =
    "If you didn't ask to delete your account, someone may be signed in as you: sign in and change your password, or reply to this email for help. Without this code nothing is deleted.";
  return {
    subject: `Your code to delete your ${BRAND.name} account: ${code}`,
    text: text([intro, `Your code: ${code}`, footnote]),
    html: layout({
      preheader: `Your code is ${code}.`,
      heading: "Confirm deleting your account",
      paragraphs: [intro],
      code,
      footnote,
    }),
  };
}

/** What the contact form sends the owner. */
export interface ContactMessageDetails {
  name: string;
  email: string;
  phone?: string;
  message: string;
  /** Sent by the member with this address, signed in; otherwise anyone may have typed the address. */
  confirmed: boolean;
}

/**
 * The owner's copy of a contact-form message. Every value is the visitor's own
 * text, so the HTML escapes all of it; the sender's address is written out so
 * a reply goes to them, not to our own sending address.
 */
export function contactMessageEmail({
  name,
  email,
  phone,
  message,
  confirmed,
}: ContactMessageDetails): EmailContent {
  // A subject is one short line whatever the name holds.
  const oneLineName = name.replace(/\s+/g, " ").trim();
  const subjectName = oneLineName.length > 40 ? `${oneLineName.slice(0, 39)}…` : oneLineName;
  const intro = `${name} wrote to you through the ${BRAND.name} contact form.`;
  const details = [
    `Name: ${name}`,
    `Email: ${email}`,
    `Phone: ${phone ?? "not given"}`,
    confirmed
      ? "Sent by the member with this address, signed in."
      : "Not confirmed: sent without signing in, so anyone could have typed this address.",
  ];
  const reply = `To reply to ${name}, write to ${email}. Answering this email would only reach ${BRAND.name}'s own address.`;
  const footnote = `You are receiving this because this address receives messages from the ${BRAND.name} contact form.`;
  const messageLines = message.split(/\n+/).filter((line) => line.trim() !== "");
  return {
    subject: `New message from ${subjectName} (${BRAND.name} contact form)`,
    text: text([intro, details.join("\n"), `Message:\n${message}`, reply, footnote]),
    html: layout({
      preheader: messageLines[0]?.slice(0, 120) ?? intro,
      heading: "A new message from the contact form",
      paragraphs: [intro, ...details, "Message:", ...messageLines, reply],
      footnote,
    }),
  };
}

/** Whether a letter starts by greeting someone ("Dear Aoife,", "Hi there", "Hello!"), on its first line. */
function opensWithGreeting(letter: string): boolean {
  const first = letter.trimStart().split("\n", 1)[0] ?? "";
  return /^(dear|dearest|hi|hiya|hello|hey|good (morning|afternoon|evening)|greetings|a chara)\b/i.test(
    first,
  );
}

/** What the owner's reply to a contact message says, and what it answers. */
export interface ContactReplyDetails {
  /** The owner's reply. */
  reply: string;
  /**
   * The message it answers: the name on it, its text, and when it was sent ("12 March 2026").
   * Null when the message isn't confirmed as hers: the reply then greets no one by name and quotes
   * nothing, so a stranger's words never reach her in our email.
   */
  answering: { name: string; message: string; sentOn: string } | null;
  supportEmail: string;
}

/**
 * The owner's reply to a contact message, written in the studio. The reply
 * and the quoted message are the owner's and the visitor's own text: the
 * HTML escapes all of it.
 */
export function contactReplyEmail({ reply, answering, supportEmail }: ContactReplyDetails): EmailContent {
  // Her own greeting ("Dear Aoife,") is the one she reads: ours would stand above it.
  const greet = opensWithGreeting(reply) ? undefined : hello(answering?.name ?? null);
  const lines = (value: string) => value.split(/\n+/).filter((line) => line.trim() !== "");
  const writeBack = `To write back, reply to this email or write to ${supportEmail}.`;
  const footnote = answering
    ? `You are receiving this because you wrote to ${BRAND.name} through our contact form.`
    : `You are receiving this because a message to ${BRAND.name}'s contact form gave this address. If it wasn't from you, you can ignore this email.`;
  const label = answering && `You wrote on ${answering.sentOn}:`;
  const quoted =
    answering &&
    answering.message
      .split("\n")
      .map((line) => (line === "" ? ">" : `> ${line}`))
      .join("\n");
  return {
    subject: `A reply to your message to ${BRAND.name}`,
    text: text([greet, reply, writeBack, answering ? `${label}\n${quoted}` : undefined, footnote]),
    html: layout({
      preheader: lines(reply)[0]?.slice(0, 120) ?? `A reply from ${BRAND.name}.`,
      heading: "A reply to your message",
      paragraphs: [...(greet ? [greet] : []), ...lines(reply), writeBack],
      quote: answering ? { label: label!, lines: lines(answering.message) } : undefined,
      footnote,
    }),
  };
}

/** What a payment's emails say about it. */
export interface PaymentNotice {
  name: string;
  amount: string;
  /** "card" or "PayPal". */
  provider: string;
  reference: string;
  portalUrl: string;
  supportEmail: string;
}

export function receiptEmail({
  name,
  amount,
  paidOn,
  provider,
  reference,
  portalUrl,
  supportEmail,
  invoiceUrl,
  invoiceNumber,
}: PaymentNotice & { paidOn: string; invoiceUrl: string; invoiceNumber: string }): EmailContent {
  const thanks = greeting(name, (first) => `Thank you, ${first}.`, "Thank you.");
  const intro = `Your Complete Course is ready. ${COMPLETE_COURSE_CONTAINS}`;
  const details = `Paid: ${amount}, once, on ${paidOn}, by ${provider}. Reference: ${reference}.`;
  const invoice = `Your invoice ${invoiceNumber} (PDF, once you're signed in): ${invoiceUrl}`;
  const guarantee = `Changed your mind? Within 30 days, reply to this email or write to ${supportEmail} for a full refund; your access to the Complete Course ends when the refund is made.`;
  const footnote = "Keep this email as your receipt.";
  return {
    subject: `Your ${BRAND.name} receipt: Complete Course`,
    text: text([thanks, intro, details, invoice, `Open your course: ${portalUrl}`, guarantee, footnote]),
    html: layout({
      preheader: `Receipt for ${amount}.`,
      heading: "Your receipt",
      paragraphs: [thanks, intro, details, invoice, guarantee],
      action: { label: "Open your course", url: portalUrl },
      footnote,
    }),
  };
}

/** The giver's receipt for a gift: what she paid, where and when it goes, her invoice, and where to follow it. */
export function giftReceiptEmail({
  name,
  amount,
  paidOn,
  provider,
  reference,
  portalUrl,
  supportEmail,
  invoiceUrl,
  invoiceNumber,
  recipientEmail,
  deliverOn,
}: PaymentNotice & {
  paidOn: string;
  invoiceUrl: string;
  invoiceNumber: string;
  recipientEmail: string;
  /** The day it arrives, written out ("Saturday 5 December 2026"). */
  deliverOn: string;
}): EmailContent {
  const thanks = greeting(name, (first) => `Thank you, ${first}.`, "Thank you.");
  const intro = `Your gift of the Complete Course is paid for. We'll send it to ${recipientEmail} on ${deliverOn}, with your message and a link to redeem it.`;
  const details = `Paid: ${amount}, once, on ${paidOn}, by ${provider}. Reference: ${reference}.`;
  const invoice = `Your invoice ${invoiceNumber} (PDF, once you're signed in): ${invoiceUrl}`;
  const follow =
    "Until it arrives you can change the day or the address, and afterwards see whether it has been redeemed, on your gifts page.";
  const guarantee = `Changed your mind? A gift that hasn't been redeemed can be refunded to you within 30 days, from your gifts page or by writing to ${supportEmail}.`;
  const footnote = "Keep this email as your receipt.";
  return {
    subject: `Your ${BRAND.name} receipt: the Complete Course, as a gift`,
    text: text([thanks, intro, details, invoice, follow, `Your gifts: ${portalUrl}`, guarantee, footnote]),
    html: layout({
      preheader: `Receipt for ${amount}.`,
      heading: "Your gift is on its way",
      paragraphs: [thanks, intro, details, invoice, follow, guarantee],
      action: { label: "See your gifts", url: portalUrl },
      footnote,
    }),
  };
}

/**
 * The gift itself, on its day: who it is from (her first name, by the rule for names), her message
 * quoted as she wrote it, and the link that redeems it. The subject is always the same line.
 */
export function giftEmail({
  giverName,
  message,
  url,
}: {
  giverName: string | null;
  message: string;
  url: string;
}): EmailContent {
  const from = firstName(giverName, "Someone who cares about you");
  const greet = "Hello,";
  const intro = `${from} has given you the ${BRAND.name} Complete Course: an online hypnobirthing course to listen to at your own pace, with calm, practical preparation for birth.`;
  const how =
    "Open the link below to redeem it. You'll create your free account, or sign in if you have one, and the whole course is yours, for good.";
  const footnote =
    "The link is yours alone and works once. If you weren't expecting this, you can ignore this email.";
  const lines = message.split("\n").filter((line) => line.trim() !== "");
  return {
    subject: `A gift for you from ${BRAND.name}`,
    text: text([
      greet,
      intro,
      `${from} wrote:`,
      ...lines.map((line) => `> ${line}`),
      how,
      `Redeem your gift: ${url}`,
      footnote,
    ]),
    html: layout({
      preheader: `${from} has given you the Complete Course.`,
      heading: "A gift for you",
      paragraphs: [greet, intro, how],
      quote: { label: `${from} wrote:`, lines },
      action: { label: "Redeem your gift", url },
      footnote,
    }),
  };
}

/** To the giver, once: her gift's recipient already had the course, so she may have it refunded. */
export function giftAlreadyHadEmail({ name, giftsUrl }: { name: string; giftsUrl: string }): EmailContent {
  const greet = hello(name);
  const intro =
    "The person you gave the Complete Course to opened your gift, and she already has the course.";
  const offer =
    "Your gift hasn't been used, so you can have it refunded in full from your gifts page, whenever you like.";
  const footnote = "Thank you for thinking of her.";
  return {
    subject: `About your gift on ${BRAND.name}`,
    text: text([greet, intro, offer, `Your gifts: ${giftsUrl}`, footnote]),
    html: layout({
      preheader: "She already has the course: your gift can be refunded.",
      heading: "She already has the course",
      paragraphs: [greet, intro, offer],
      action: { label: "See your gifts", url: giftsUrl },
      footnote,
    }),
  };
}

/**
 * To her who redeemed a gift, when its payment was refunded to the one who gave it: the course leaves
 * her account (unless she holds it otherwise), and what stays. No why: that is between the giver and us.
 */
export function giftEndedEmail({ name, supportEmail }: { name: string; supportEmail: string }): EmailContent {
  const greet = hello(name);
  const intro =
    "The Complete Course you were given as a gift has been refunded to the person who gave it, so it is no longer part of your account.";
  const stays =
    "Your account stays open, with your progress, and the Foundation Course's two sessions are still there for you whenever you'd like them.";
  const footnote = `Questions? Reply to this email or write to ${supportEmail}.`;
  return {
    subject: `About your gift on ${BRAND.name}`,
    text: text([greet, intro, stays, footnote]),
    html: layout({
      preheader: "The gift you redeemed has been refunded to its giver.",
      heading: "Your gift has been refunded",
      paragraphs: [greet, intro, stays],
      footnote,
    }),
  };
}

/** A second payment for the course the member already had, refunded: what happened, and that nothing else changes. */
export function duplicateRefundEmail({
  name,
  amount,
  provider,
  reference,
  portalUrl,
  supportEmail,
}: PaymentNotice): EmailContent {
  const greet = hello(name);
  const intro = `You paid for the Complete Course twice: once already, and again just now by ${provider}. You only ever need to pay once, so we've refunded the second payment of ${amount} in full. Reference: ${reference}.`;
  const when = REFUND_ARRIVES;
  const access = "Your course is untouched: everything stays unlocked, for good.";
  const footnote = `Questions? Reply to this email or write to ${supportEmail}.`;
  return {
    subject: `We've refunded your second payment to ${BRAND.name}`,
    text: text([greet, intro, when, access, `Open your course: ${portalUrl}`, footnote]),
    html: layout({
      preheader: `Your second payment of ${amount} is refunded.`,
      heading: "Your second payment is refunded",
      paragraphs: [greet, intro, when, access],
      action: { label: "Open your course", url: portalUrl },
      footnote,
    }),
  };
}

/**
 * Her payment refunded by the owner (the 30-day guarantee, or another reason the owner keeps to
 * herself): what was refunded, when the money arrives, and what her account keeps. It says nothing of
 * why: that was between her and the owner already.
 */
export function refundEmail({
  name,
  amount,
  provider,
  reference,
  supportEmail,
  courseEnded,
}: Omit<PaymentNotice, "portalUrl"> & {
  /** Whether the Complete Course has left her account (it stays when another payment of hers holds it). */
  courseEnded: boolean;
}): EmailContent {
  const greet = hello(name);
  const intro = `We've refunded your ${provider} payment of ${amount} for the Complete Course, in full. Reference: ${reference}.`;
  const access = courseEnded
    ? "The Complete Course is no longer part of your account. Your account stays open, and the Foundation Course's two sessions are still there for you whenever you'd like them."
    : "Everything in your account stays as it is.";
  const thanks = `Thank you for trying ${BRAND.name}. We wish you well.`;
  const footnote = `Questions? Reply to this email or write to ${supportEmail}.`;
  return {
    subject: `Your refund from ${BRAND.name}`,
    text: text([greet, intro, REFUND_ARRIVES, access, thanks, footnote]),
    html: layout({
      preheader: `We've refunded your payment of ${amount} in full.`,
      heading: "Your refund is on its way",
      paragraphs: [greet, intro, REFUND_ARRIVES, access, thanks],
      footnote,
    }),
  };
}

/** When a refund reaches her, in every email that tells her of one. */
const REFUND_ARRIVES =
  "The money goes back the way it came; most banks show it within 5 to 10 working days, and PayPal sooner.";

/**
 * Her daily practice reminder, which she asked for: a gentle nudge, never a
 * count of what she missed, with one-click unsubscribe in the message itself.
 */
export function practiceReminderEmail({
  name,
  practiceUrl,
  settingsUrl,
  unsubscribeUrl,
}: {
  name: string;
  practiceUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}): EmailContent {
  const greet = hello(name);
  const lines = [
    "Today's practice is ready whenever you are: a few calm minutes, somewhere comfortable, headphones on if you like.",
    "If today has already been full, that's fine too. Rest is part of the preparation.",
  ];
  const footnote = `You're receiving this because you asked for a daily practice reminder. Change its time in your profile (${settingsUrl}), or stop these reminders with one click: ${unsubscribeUrl}`;
  return {
    subject: "A few calm minutes for today",
    text: text([greet, ...lines, `Open today's practice: ${practiceUrl}`, footnote]),
    html: layout({
      preheader: "Today's practice is ready whenever you are.",
      heading: "Your practice for today",
      paragraphs: [greet, ...lines],
      action: { label: "Open today's practice", url: practiceUrl },
      footnote,
    }),
  };
}

/** Who invites, in an invitation whose member has no name to show. */
export const UNNAMED_INVITER = `A ${BRAND.name} member`;

/**
 * A member's invitation to her birth partner: who asks, what their own account
 * gives them (never her address or her dates), and that the link works once,
 * for a few days. Anyone can type an address, so it says what to do if it
 * wasn't expected. The subject is always the same: it is the line a mail app
 * shows beside our address, and a member's name is hers to type.
 */
export function partnerInvitationEmail({
  memberName,
  url,
  days,
}: {
  /** Her name as she gave it: shown as its first word, by the rule for names. */
  memberName: string;
  url: string;
  days: number;
}): EmailContent {
  const name = firstName(memberName, UNNAMED_INVITER);
  const greet = "Hello,";
  const intro = `${name} is preparing for birth with ${BRAND.name}, an online hypnobirthing course, and has invited you to join as her birth partner.`;
  const gives = `You'll have your own account, with its own listening and progress, linked to hers. Her email address and exact dates stay private.`;
  const how = `Sign up, or sign in if you already have an account, through the link below. It works once, for the next ${countOf(days, "day")}.`;
  const footnote = `If you weren't expecting this, you can ignore this email: nothing happens without the link.`;
  return {
    subject: `You're invited to be a birth partner on ${BRAND.name}`,
    text: text([greet, intro, gives, how, `Accept the invitation: ${url}`, footnote]),
    html: layout({
      preheader: `${name} would like you beside her as she prepares for birth.`,
      heading: "You're invited to be a birth partner",
      paragraphs: [greet, intro, gives, how],
      action: { label: "Accept the invitation", url },
      footnote,
    }),
  };
}

/** To her birth partner, when the member closes her account: the seat has ended; their account stays. */
export function partnerSeatEndedEmail({
  memberFirstName,
  portalUrl,
}: {
  memberFirstName: string;
  portalUrl: string;
}): EmailContent {
  const greet = "Hello,";
  const lines = [
    `${memberFirstName} has closed her ${BRAND.name} account, so you're no longer linked as her birth partner.`,
    "Your own account stays yours, with everything you've listened to. You can keep using it, or delete it from your profile whenever you like.",
  ];
  const footnote = `You're receiving this because you joined ${BRAND.name} as ${memberFirstName}'s birth partner.`;
  return {
    subject: `Your birth partner seat on ${BRAND.name} has ended`,
    text: text([greet, ...lines, `Your account: ${portalUrl}`, footnote]),
    html: layout({
      preheader: "Your own account stays yours.",
      heading: "Your partner seat has ended",
      paragraphs: [greet, ...lines],
      action: { label: "Open your account", url: portalUrl },
      footnote,
    }),
  };
}
