import type { ReactNode } from "react";

/** The calm opening of a public page: a heading, a line of context, and whatever follows. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="container-page py-16 md:py-24">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="mt-2 max-w-3xl text-4xl font-semibold md:text-5xl">{title}</h1>
      {children ? <div className="mt-5 measure text-lg text-ink-soft">{children}</div> : null}
    </section>
  );
}
