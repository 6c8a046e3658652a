import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { readLocalOutbox } from "#app/modules/email/transport.server.ts";
import { isLocalDemoVisitor, services } from "#app/request.server.ts";

/**
 * The local outbox: the email a local run would have sent, sign-in links and
 * codes among it. Only on a demo run (env.demo: listening on this machine
 * only) without SMTP, and only to a visitor on this machine; everywhere else
 * it is a plain 404.
 */
export function loader(args: Route.LoaderArgs) {
  const { env, transport } = services(args);
  if (!isLocalDemoVisitor(args) || transport.kind !== "local-outbox") throw data(null, { status: 404 });
  return { messages: readLocalOutbox(env.DATA_DIR) };
}

export function meta() {
  return [{ title: "Local outbox" }, { name: "robots", content: "noindex" }];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-semibold">Local outbox</h1>
      <p className="mt-2 text-ink-soft">
        Email this local run would have sent, newest first. Set SMTP_URL to send real email instead.
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-sand p-6">No email yet.</p>
      ) : (
        <ol className="mt-8 grid gap-4">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="rounded-2xl border border-line bg-white p-5">
              <article aria-label={message.subject}>
                <h2 className="text-lg font-semibold">{message.subject}</h2>
                <p className="text-sm text-ink-soft">
                  To {message.to} · {new Date(message.createdAt).toLocaleString("en-GB")}
                </p>
                <pre className="mt-3 font-sans text-[0.95rem] whitespace-pre-wrap">
                  {linkify(message.text)}
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="break-all text-plum underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
