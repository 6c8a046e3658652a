import { describe, expect, it } from "vitest";
import {
  accountExistsEmail,
  confirmEmailEmail,
  contactMessageEmail,
  contactReplyEmail,
  escapeHtml,
  giftEmail,
  magicLinkEmail,
  partnerInvitationEmail,
  passwordResetEmail,
  practiceReminderEmail,
  refundEmail,
  signInCodeEmail,
  UNNAMED_INVITER,
  welcomeEmail,
} from "./templates.ts";

describe("email templates", () => {
  it("quotes a gift's message as its giver wrote it, as text, with her first name alone and the link", () => {
    const email = giftEmail({
      giverName: "Orla <b>Byrne</b>",
      message: 'For you.\n<script>alert("x")</script>',
      url: "https://tidewell.example/gift/abc",
    });
    expect(email.subject).toBe("A gift for you from Tidewell");
    expect(email.text).toContain("Orla has given you the Tidewell Complete Course");
    expect(email.text).toContain('> For you.\n\n> <script>alert("x")</script>');
    expect(email.text).toContain("Redeem your gift: https://tidewell.example/gift/abc");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.html).not.toContain("Byrne");
    const unnamed = giftEmail({ giverName: null, message: "Hi", url: "https://tidewell.example/gift/abc" });
    expect(unnamed.text).toContain("Someone who cares about you has given you");
  });

  it("puts the sign-in link in both parts", () => {
    const email = magicLinkEmail({
      url: "https://tidewell.example/api/auth/magic-link/verify?token=abc&x=1",
      minutes: 5,
    });
    expect(email.subject).toBe("Your Tidewell sign-in link");
    expect(email.text).toContain("https://tidewell.example/api/auth/magic-link/verify?token=abc&x=1");
    expect(email.html).toContain(
      'href="https://tidewell.example/api/auth/magic-link/verify?token=abc&amp;x=1"',
    );
    expect(email.text).toContain("next 5 minutes");
  });

  it("shows the code large and in the subject", () => {
    const email = signInCodeEmail({ code: "123456", minutes: 5 });
    expect(email.subject).toContain("123456");
    expect(email.text).toContain("Your code: 123456");
    expect(email.html).toContain(">123456</p>");
  });

  it("greets by the first name alone: no markup, no link, no hidden text, never a sentence", () => {
    const phishing = "Security\u2800alert: your payment failed. Update card at https://evil.example";
    for (const [name, greeting] of [
      ["Amara Okafor", "Hello Amara,"],
      ['<img src=x onerror="alert(1)">Sam', "Hello img,"],
      [phishing, "Hello Security,"],
      ["\u202E\u2800\u3164", "Hello,"],
    ] as const) {
      for (const email of [
        passwordResetEmail({ name, url: "https://t.example/r", minutes: 60 }),
        accountExistsEmail({ name, signInUrl: "https://t.example/auth" }),
        practiceReminderEmail({ name, practiceUrl: "p", settingsUrl: "s", unsubscribeUrl: "u" }),
      ]) {
        expect(email.text.split("\n\n")[0]).toBe(greeting);
        expect(email.html).toContain(`>${greeting}</p>`);
        expect(email.html).not.toContain("<img");
        expect(`${email.text}${email.html}`).not.toMatch(/evil\.example|payment failed|\u2800|\u202E/);
      }
    }
    for (const email of [
      welcomeEmail({ name: phishing, portalUrl: "https://t.example/portal" }),
      confirmEmailEmail({ name: phishing, url: "https://t.example/c", hours: 24 }),
    ]) {
      expect(email.text.split("\n\n")[0]).toBe("Welcome, Security.");
      expect(email.text).not.toContain("evil.example");
    }
    expect(welcomeEmail({ name: "", portalUrl: "p" }).text.split("\n\n")[0]).toBe("Welcome.");
  });

  it("escapes every HTML-significant character", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("tells the reader what to do if the email was not for them", () => {
    expect(magicLinkEmail({ url: "u", minutes: 5 }).text).toMatch(/ignore this email/);
  });

  describe("the invitation to her birth partner", () => {
    const url = "https://tidewell.example/partner/join/abc_DEF-123";

    it("says who invited them, what joining gives, and puts the link in both parts", () => {
      const email = partnerInvitationEmail({ memberName: "Amara Okafor", url, days: 7 });
      expect(email.subject).toBe("You're invited to be a birth partner on Tidewell");
      // The HTML writes an apostrophe as &#39;.
      for (const part of [email.text, email.html.replaceAll("&#39;", "'")]) {
        expect(part).toContain("Amara is preparing for birth with Tidewell");
        expect(part).toContain("has invited you to join as her birth partner.");
        expect(part).toContain("your own account, with its own listening and progress, linked to hers.");
        expect(part).toContain("Her email address and exact dates stay private.");
        expect(part).toContain("It works once, for the next 7 days.");
        expect(part).toContain("If you weren't expecting this, you can ignore this email");
      }
      expect(email.text).toContain(`Accept the invitation: ${url}`);
      expect(email.html).toContain(`href="${url}"`);
      expect(email.text).not.toContain("Okafor");
    });

    it.each([
      ["a name with markup", "<b>Sam</b>", "b"],
      [
        "a sentence behind a blank that isn't a space",
        "Security\u2800alert: your payment failed. Update card at https://evil.example",
        "Security",
      ],
      ["a name behind a bidi override", "\u202Enoyl\u202C", "noyl"],
      ["a name of blanks alone", "\u2800\u3164\u115F\u1160\uFFA0\uFE0F", UNNAMED_INVITER],
    ])("keeps the subject fixed and shows %s as its first word of letters", (_label, memberName, shown) => {
      const email = partnerInvitationEmail({ memberName, url, days: 7 });
      expect(email.subject).toBe("You're invited to be a birth partner on Tidewell");
      expect(email.text).toContain(`${shown} is preparing for birth with Tidewell`);
      expect(email.html).toContain(`${shown} is preparing for birth with Tidewell`);
      expect(`${email.text}${email.html}`).not.toMatch(
        /<b>|evil\.example|payment failed|[\u2800\u202E\u3164]/,
      );
    });
  });

  describe("the contact message for the owner", () => {
    const details = {
      name: "Amara Okafor",
      email: "amara@example.com",
      phone: "+44 7700 900123",
      message: "Hello,\n\nCan my partner join the consultation?\nThanks!",
      confirmed: true,
    };

    it("names the sender in the subject and gives every detail in both parts", () => {
      const email = contactMessageEmail(details);
      expect(email.subject).toBe("New message from Amara Okafor (Tidewell contact form)");
      for (const part of [email.text, email.html]) {
        expect(part).toContain("Name: Amara Okafor");
        expect(part).toContain("Email: amara@example.com");
        expect(part).toContain("Phone: +44 7700 900123");
        expect(part).toContain("Can my partner join the consultation?");
        expect(part).toContain("Sent by the member with this address, signed in.");
      }
      expect(email.text).toContain("Message:\nHello,\n\nCan my partner join the consultation?\nThanks!");
    });

    it("says where to reply: the sender's address, not ours", () => {
      const email = contactMessageEmail(details);
      expect(email.text).toContain("To reply to Amara Okafor, write to amara@example.com.");
      expect(email.html).toContain("write to amara@example.com.");
    });

    it("says when nobody confirmed the address", () => {
      const email = contactMessageEmail({ ...details, confirmed: false });
      for (const part of [email.text, email.html]) {
        expect(part).toContain(
          "Not confirmed: sent without signing in, so anyone could have typed this address.",
        );
      }
    });

    it("says when no phone number was given", () => {
      const email = contactMessageEmail({ ...details, phone: undefined });
      expect(email.text).toContain("Phone: not given");
    });

    it("keeps each line of the message apart in the HTML", () => {
      const { html } = contactMessageEmail(details);
      expect(html).toMatch(
        />Hello,<\/p>\s*<p[^>]*>Can my partner join the consultation\?<\/p>\s*<p[^>]*>Thanks!<\/p>/,
      );
    });

    it("shows markup in every field as text", () => {
      const { html, text } = contactMessageEmail({
        name: "<b>Sam</b>",
        email: "sam@example.com",
        phone: undefined,
        message: '<img src=x onerror="alert(1)"> & <a href="https://evil.example">click</a>',
        confirmed: false,
      });
      expect(html).not.toMatch(/<b>|<img|<a href="https:\/\/evil/);
      expect(html).toContain("&lt;b&gt;Sam&lt;/b&gt;");
      expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;a href=");
      expect(text).toContain("Name: <b>Sam</b>");
    });

    it("keeps the subject to one short line", () => {
      const { subject } = contactMessageEmail({ ...details, name: `Sam\n\tRivers ${"x".repeat(100)}` });
      expect(subject).not.toMatch(/[\r\n\t]/);
      expect(subject.startsWith("New message from Sam Rivers xxx")).toBe(true);
      expect(subject.length).toBeLessThan(100);
    });
  });
  describe("the owner's reply to a contact message", () => {
    const details = {
      reply: "Yes, of course.\n\nYour partner is very welcome at every session.",
      answering: { name: "Amara Okafor", message: "Hello,\nCan my partner join?", sentOn: "12 March 2030" },
      supportEmail: "hello@tidewell.example",
    };

    it("greets her, gives the reply, says how to write back and quotes what she wrote", () => {
      const email = contactReplyEmail(details);
      expect(email.subject).toBe("A reply to your message to Tidewell");
      expect(email.text).toBe(
        [
          "Hello Amara,",
          "Yes, of course.\n\nYour partner is very welcome at every session.",
          "To write back, reply to this email or write to hello@tidewell.example.",
          "You wrote on 12 March 2030:\n> Hello,\n> Can my partner join?",
          "You are receiving this because you wrote to Tidewell through our contact form.",
          "— Tidewell\n",
        ].join("\n\n"),
      );
      expect(email.html).toContain("<blockquote");
      expect(email.html).toContain(">Can my partner join?</p>");
    });

    it("to a message nobody confirmed, greets no one by name and quotes nothing of it", () => {
      const email = contactReplyEmail({ ...details, answering: null });
      expect(email.text).toBe(
        [
          "Hello,",
          "Yes, of course.\n\nYour partner is very welcome at every session.",
          "To write back, reply to this email or write to hello@tidewell.example.",
          "You are receiving this because a message to Tidewell's contact form gave this address. If it wasn't from you, you can ignore this email.",
          "— Tidewell\n",
        ].join("\n\n"),
      );
      expect(email.html).not.toContain("<blockquote");
    });

    it("leaves the greeting to a reply that opens with its own, so she reads one", () => {
      for (const reply of [
        "Dear Aoife,\n\nThank you.",
        "Hi Amara, yes!",
        "hello there\nYes.",
        "Good morning,\nYes.",
      ]) {
        const email = contactReplyEmail({ ...details, reply });
        expect(email.text, reply).not.toContain("Hello Amara,");
        expect(email.html, reply).not.toContain("Hello Amara,");
        expect(email.text.startsWith(reply.trim().split("\n")[0]!), reply).toBe(true);
      }
      // A word that only starts like one is no greeting.
      expect(contactReplyEmail({ ...details, reply: "Hiking in labour helps." }).text).toMatch(
        /^Hello Amara,/,
      );
    });

    it("shows markup in the reply and her message as text", () => {
      const { html } = contactReplyEmail({
        ...details,
        reply: '<a href="https://evil.example">click</a>',
        answering: { ...details.answering, name: "<b>Sam</b>", message: '<img src=x onerror="alert(1)">' },
      });
      expect(html).not.toMatch(/<b>|<img|<a href="https:\/\/evil/);
      expect(html).toContain("Hello b,");
      expect(html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;");
      expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    });
  });

  describe("the refund the owner made", () => {
    const details = {
      name: "Aoife Murphy",
      amount: "€27",
      provider: "card",
      reference: "9EA962B7",
      supportEmail: "hello@tidewell.example",
    };

    it("says what was refunded, when the money arrives and what her account keeps, in both parts", () => {
      const email = refundEmail({ ...details, courseEnded: true });
      expect(email.subject).toBe("Your refund from Tidewell");
      for (const part of [email.text, email.html.replaceAll("&#39;", "'")]) {
        expect(part).toContain("Hello Aoife,");
        expect(part).toContain(
          "We've refunded your card payment of €27 for the Complete Course, in full. Reference: 9EA962B7.",
        );
        expect(part).toContain("5 to 10 working days");
        expect(part).toContain("The Complete Course is no longer part of your account.");
        expect(part).toContain("hello@tidewell.example");
      }
    });

    it("keeps her course when another payment of hers holds it", () => {
      const email = refundEmail({ ...details, provider: "PayPal", courseEnded: false });
      expect(email.text).toContain("your PayPal payment of €27");
      expect(email.text).toContain("Everything in your account stays as it is.");
      expect(email.text).not.toContain("no longer part of your account");
    });

    it("greets no one by name when no name is left, and shows markup in a name as text", () => {
      expect(refundEmail({ ...details, name: "", courseEnded: true }).text).toMatch(/^Hello,/);
      expect(refundEmail({ ...details, name: "<b>Sam</b>", courseEnded: true }).html).not.toContain("<b>");
    });
  });
});
