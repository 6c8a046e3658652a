import { getFormProps, useForm } from "@conform-to/react";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { ChevronDown, Clock, ExternalLink, Globe, Heart, Mail } from "#app/components/ui/icons.tsx";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import type * as z from "zod/mini";
import { Art } from "#app/components/art.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { InputField, TextareaField } from "#app/components/ui/form-field.tsx";
import type { Colour, Faq, SocialPost } from "#app/modules/catalogue/content.server.ts";
import type { ContactFormResult } from "#app/modules/contact/contact-action.server.ts";
import { contactFormSchema, contactMessages } from "#app/modules/contact/contact-form.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { SOCIAL_PROFILES, type SocialNetwork } from "#app/modules/site/social.ts";
import { useRootData } from "#app/root-data.ts";

/** What a contact action answers: the form's state, and whether the message went out. */

/**
 * The whole contact page below the site's header: the form, how else to reach
 * us, the social posts and the FAQ. The public page and a portal page can both
 * render it; each brings its own action (the form posts to the current route).
 */
export function ContactPage({
  posts,
  faqs,
  actionData,
  defaultValue,
}: {
  posts: readonly SocialPost[];
  faqs: readonly Faq[];
  actionData?: ContactFormResult;
  /** What the form starts with (and returns to after sending): a member's own name and email. */
  defaultValue?: { name?: string; email?: string };
}) {
  return (
    <>
      <ContactHero />
      <div className="container-page grid items-start gap-8 pb-16 md:pb-20 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)] lg:gap-12">
        <ContactForm actionData={actionData} defaultValue={defaultValue} />
        <div className="grid gap-6">
          <ContactInfoCard />
          <SocialLinksCard />
        </div>
      </div>
      <SocialPostsSection posts={posts} />
      <FaqSection faqs={faqs} />
    </>
  );
}

function ContactHero() {
  return (
    <section className="relative overflow-hidden">
      <WaveBackdrop />
      <div className="relative container-page pt-12 pb-16 md:pt-20 md:pb-24">
        <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Contact</p>
        <h1 className="mt-2 max-w-3xl text-4xl font-semibold md:text-5xl">Get in Touch</h1>
        <p className="mt-5 measure text-lg text-ink-soft md:text-xl">
          A question about the course, your account or where to begin? Write to us. A real person reads every
          message and replies within 24 hours on business days.
        </p>
      </div>
    </section>
  );
}

/** A low sun over soft waves behind the heading: decoration only, drawn inline so nothing loads from elsewhere. */
function WaveBackdrop() {
  return (
    <svg
      viewBox="0 0 1440 360"
      preserveAspectRatio="xMidYMax slice"
      className="pointer-events-none absolute inset-0 h-full w-full"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="1180" cy="150" r="74" fill="var(--color-apricot-soft)" />
      <circle
        cx="1180"
        cy="150"
        r="110"
        fill="none"
        stroke="var(--color-apricot)"
        strokeOpacity="0.22"
        strokeWidth="2"
      />
      <path
        d="M0 318c120-26 240-26 360 0s240 26 360 0 240-26 360 0 240 26 360 0v42H0Z"
        fill="var(--color-lavender-soft)"
      />
      <path
        d="M0 342c120-16 240-16 360 0s240 16 360 0 240-16 360 0 240 16 360 0v18H0Z"
        fill="var(--color-sage-soft)"
      />
    </svg>
  );
}

function ContactForm({
  actionData,
  defaultValue,
}: {
  actionData?: ContactFormResult;
  defaultValue?: { name?: string; email?: string };
}) {
  const lastResult = actionData?.result;
  const [form, fields] = useForm<
    z.input<typeof contactFormSchema>,
    z.output<typeof contactFormSchema>,
    string[]
  >({
    id: "contact",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, contactFormSchema),
  });
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "contact";
  // The answer shows once the submission has fully settled (the action and the reload after it).
  const sent = actionData?.sent === true && !sending;
  const formError = sending ? undefined : lastResult?.error?.[""]?.[0];
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!sent && !formError) return;
    // One toast per answer; the inline message says the same for those who miss it.
    if (sent) toast.success(contactMessages.sent, { id: "contact-sent" });
    else toast.error(formError, { id: "contact-error" });
    // The button was at the bottom of the form: bring the answer, at its top, into view.
    outcomeRef.current?.scrollIntoView({ block: "nearest" });
  }, [actionData, sent, formError]);

  return (
    <section
      aria-labelledby="contact-form-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft md:p-8"
    >
      <h2 id="contact-form-heading" className="text-2xl font-semibold">
        Send us a message
      </h2>
      <p className="mt-2 text-ink-soft">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">as required</span> are needed so we can reply.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value="contact" />
        <div ref={outcomeRef} className="grid scroll-mt-28 gap-4 empty:hidden">
          {sent ? <Alert tone="success">{contactMessages.sent}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            field={fields.name}
            type="text"
            label={<Required>Your name</Required>}
            aria-required="true"
            autoComplete="name"
          />
          <InputField
            field={fields.email}
            type="email"
            label={<Required>Email</Required>}
            aria-required="true"
            autoComplete="email"
            spellCheck={false}
          />
        </div>
        <InputField
          field={fields.phone}
          type="tel"
          label={
            <>
              Phone <span className="font-normal text-ink-soft">(optional)</span>
            </>
          }
          hint="Only if you'd like us to call you about a consultation."
          autoComplete="tel"
          className="sm:max-w-72"
        />
        <TextareaField
          field={fields.message}
          label={<Required>Your message</Required>}
          aria-required="true"
          rows={6}
          className="min-h-40 resize-y"
        />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-soft sm:max-w-xs">
            We use your details only to answer you. Read our{" "}
            <Link to="/privacy" className="text-plum underline underline-offset-4 hover:text-plum-deep">
              privacy policy
            </Link>
            .
          </p>
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? "Sending..." : "Send message"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-plum">
        *
      </span>
    </>
  );
}

function ContactInfoCard() {
  const supportEmail = useRootData()?.supportEmail ?? BRAND.defaultSupportEmail;
  const rows: { icon: ReactNode; term: string; detail: ReactNode }[] = [
    {
      icon: <Mail aria-hidden="true" />,
      term: "Email",
      detail: (
        <a
          href={`mailto:${supportEmail}`}
          className="inline-flex min-h-11 items-center font-medium break-all text-plum underline underline-offset-4 hover:text-plum-deep"
        >
          {supportEmail}
        </a>
      ),
    },
    { icon: <Globe aria-hidden="true" />, term: "Location", detail: "Online Worldwide" },
    { icon: <Clock aria-hidden="true" />, term: "Replies", detail: "Within 24 hours on business days" },
  ];
  return (
    <section
      aria-labelledby="contact-info-heading"
      className="rounded-[var(--radius-card)] bg-sand p-6 md:p-7"
    >
      <h2 id="contact-info-heading" className="text-xl font-semibold">
        Other ways to reach us
      </h2>
      <dl className="mt-4 grid gap-4">
        {rows.map((row) => (
          <div key={row.term} className="relative min-h-10 pl-13">
            <dt className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
              <span className="absolute top-0.5 left-0 flex size-10 items-center justify-center rounded-full bg-cream text-plum [&_svg]:size-5">
                {row.icon}
              </span>
              {row.term}
            </dt>
            <dd className="text-ink">{row.detail}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 border-t border-line pt-4 text-sm text-ink-soft">
        For anything urgent about your health or your baby, please call your midwife, maternity unit or doctor
        straight away.
      </p>
    </section>
  );
}

function SocialLinksCard() {
  return (
    <section
      aria-labelledby="contact-social-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 md:p-7"
    >
      <h2 id="contact-social-heading" className="text-xl font-semibold">
        Follow along
      </h2>
      <p className="mt-2 text-ink-soft">Small, calm reminders for your practice, a few times a week.</p>
      <ul className="mt-4 grid gap-2">
        {(Object.keys(SOCIAL_PROFILES) as SocialNetwork[]).map((network) => {
          const profile = SOCIAL_PROFILES[network];
          return (
            <li key={network}>
              <NewTabLink
                href={profile.url}
                className="flex min-h-12 items-center gap-3 rounded-2xl px-3 py-2 text-ink transition-colors duration-200 hover:bg-sand"
              >
                <SocialMark network={network} className="size-6 shrink-0 text-plum" />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="font-medium">{profile.label}</span>
                  <span className="truncate text-sm text-ink-soft">{profile.handle}</span>
                </span>
                <ExternalLink aria-hidden="true" className="ml-auto size-4 shrink-0 text-ink-soft" />
              </NewTabLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// The sample posts take turns through the palette, so the grid reads as a calm, varied feed.
const POST_COLOURS: Colour[] = ["lavender", "sage", "apricot", "rose", "sky", "sand"];

function SocialPostsSection({ posts }: { posts: readonly SocialPost[] }) {
  const instagram = SOCIAL_PROFILES.instagram;
  return (
    <section aria-labelledby="contact-posts-heading" className="bg-sand/60 py-16 md:py-20">
      <div className="container-page">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
              On {instagram.label}
            </p>
            <h2 id="contact-posts-heading" className="mt-2 text-3xl font-semibold">
              A little calm in your feed
            </h2>
          </div>
          <FollowButton className="max-md:hidden" />
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.id}>
              <NewTabLink
                href={instagram.url}
                className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-shadow duration-200 hover:shadow-md"
              >
                <Art
                  seed={post.id}
                  colour={POST_COLOURS[index % POST_COLOURS.length]!}
                  motif={post.illustration}
                  className="aspect-[4/3] w-full"
                />
                <span className="flex flex-1 flex-col gap-3 p-3 sm:p-5">
                  <span className="line-clamp-4 text-[0.9rem] leading-relaxed text-ink sm:line-clamp-none sm:text-base">
                    {post.caption}
                  </span>
                  <span className="mt-auto flex items-center gap-1.5 text-sm text-ink-soft">
                    <Heart aria-hidden="true" className="size-4 text-plum" />
                    {post.likes.toLocaleString("en-GB")}
                    <span className="sr-only"> likes</span>
                  </span>
                </span>
              </NewTabLink>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex justify-center md:hidden">
          <FollowButton className="w-full sm:w-auto" />
        </div>
      </div>
    </section>
  );
}

function FollowButton({ className }: { className?: string }) {
  const instagram = SOCIAL_PROFILES.instagram;
  return (
    <Button asChild variant="secondary" size="lg" className={className}>
      <NewTabLink href={instagram.url}>
        Follow us on {instagram.label}
        <ExternalLink aria-hidden="true" />
      </NewTabLink>
    </Button>
  );
}

function FaqSection({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <section aria-labelledby="contact-faq-heading" className="container-page pt-16 md:pt-20">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-12">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">FAQ</p>
          <h2 id="contact-faq-heading" className="mt-2 text-3xl font-semibold">
            Questions people often ask
          </h2>
          <p className="mt-3 text-ink-soft">
            Something else on your mind?{" "}
            <a
              href="#contact-form-heading"
              className="text-plum underline underline-offset-4 hover:text-plum-deep"
            >
              Send us a message
            </a>
            .
          </p>
        </div>
        <div className="divide-y divide-line border-y border-line">
          {faqs.map((faq) => (
            <details key={faq.question} className="group">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-serif text-lg font-semibold text-ink hover:text-plum [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-plum transition-transform duration-200 group-open:rotate-180"
                />
              </summary>
              <p className="measure pb-6 text-ink-soft">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A link to another site: it opens in a new tab, says so to screen readers, and shares nothing back. */
function NewTabLink({
  href,
  className,
  children,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn(className)} {...rest}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The networks' marks, drawn simply inline (no third-party image or font). */
function SocialMark({ network, className }: { network: SocialNetwork; className?: string }) {
  if (network === "instagram") {
    return (
      <svg
        viewBox="0 0 24 24"
        className={className}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4.2" />
        <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" stroke="none" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M13.3 21.9v-7.1h2.4l.4-2.8h-2.8v-1.8c0-.8.3-1.4 1.4-1.4h1.5V6.3c-.3 0-1.2-.1-2.2-.1-2.2 0-3.6 1.3-3.6 3.7V12H8v2.8h2.4v7.1z"
        fill="var(--color-cream)"
      />
    </svg>
  );
}
