import { Link } from "react-router";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { PIECE_KIND_WORDS, PIECE_KINDS, type PieceKind } from "#app/modules/catalogue/pieces.ts";
import { piecePath, standingWords } from "#app/modules/studio/words.ts";

interface Piece {
  kind: PieceKind;
  slug: string;
  title: string;
  published: { number: number; savedAt: string } | null;
  draft: { number: number; savedAt: string; title: string } | null;
}

/** The site's words, kind by kind: each piece, whether a draft is waiting, and when. */
export function WordsList({ pieces }: { pieces: Piece[] }) {
  const when = useStudioTime();
  return (
    <>
      <h1 className="text-3xl font-semibold">Words</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        The articles, birth stories, questions, testimonials, your story on the About page and the course
        page&apos;s words. Open one to change it: save a draft as often as you like, and publish when
        it&apos;s ready. Every version is kept, so you can always go back.
      </p>
      {PIECE_KINDS.map((kind) => {
        const ofKind = pieces.filter((piece) => piece.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`words-${kind}`}>
            <h2 id={`words-${kind}`} className="mt-8 text-xl font-semibold">
              {PIECE_KIND_WORDS[kind].many}
            </h2>
            <StudioTable
              caption={PIECE_KIND_WORDS[kind].many}
              columns={["Title", "State", "When"]}
              className="mt-3"
            >
              {ofKind.map((piece) => {
                const standing = standingWords(piece);
                return (
                  <tr key={piece.slug} className="border-b border-ink/5 last:border-0">
                    <td className="px-4 py-2">
                      <Link
                        to={piecePath(piece.kind, piece.slug)}
                        className="font-medium [overflow-wrap:anywhere] underline underline-offset-4"
                      >
                        {piece.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{standing.label}</td>
                    <td className="px-4 py-2">{when(standing.at)}</td>
                  </tr>
                );
              })}
            </StudioTable>
          </section>
        );
      })}
    </>
  );
}
