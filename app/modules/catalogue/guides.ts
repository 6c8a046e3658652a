/** The six printable guides: titles and tiers are fixed (content/README.md), and so are their icons. Page counts are read from the PDFs. */
export type GuideIcon = "book-open" | "book-marked" | "scale" | "lightbulb" | "luggage" | "heart-handshake";
export type Colour = "lavender" | "sage" | "apricot" | "plum" | "rose" | "sky" | "sand";

export interface Guide {
  id: string;
  title: string;
  description: string;
  isFree: boolean;
  icon: GuideIcon;
  colour: Colour;
  /** The file in the pdfs bucket. */
  filename: string;
}

const guide = (
  id: string,
  title: string,
  isFree: boolean,
  icon: GuideIcon,
  colour: Colour,
  description: string,
): Guide => ({
  id,
  title,
  description,
  isFree,
  icon,
  colour,
  filename: `${id}.pdf`,
});

export const GUIDES: readonly Guide[] = [
  guide(
    "introduction-to-hypnobirthing",
    "Introduction to Hypnobirthing",
    true,
    "book-open",
    "lavender",
    "What hypnobirthing is and isn't, how it can help, and a first breathing exercise to try tonight.",
  ),
  guide(
    "book-summary",
    "The Tidewell Method: Book Summary",
    false,
    "book-marked",
    "plum",
    "The whole method chapter by chapter: breathing, relaxation, visualisation, affirmations and your partner's role.",
  ),
  guide(
    "facts-and-myths",
    "Hypnobirthing Facts and Myths",
    false,
    "scale",
    "apricot",
    "Common beliefs about hypnobirthing and birth, set against what the evidence actually says.",
  ),
  guide(
    "birth-facts",
    "Birth Facts Every Mother Should Know",
    false,
    "lightbulb",
    "sage",
    "Due dates, the stages of labour, induction and caesarean, explained plainly, with sources.",
  ),
  guide(
    "hospital-bag-checklist",
    "Hospital Bag Checklist",
    true,
    "luggage",
    "apricot",
    "What to pack for you, your birth partner and your baby, with boxes to tick as you go.",
  ),
  guide(
    "birth-affirmations-and-scripts",
    "Birth Affirmations and Scripts",
    true,
    "heart-handshake",
    "lavender",
    "Over a hundred affirmations, and scripts your birth partner can read aloud to you in labour.",
  ),
];

export function findGuideByFile(filename: string): Guide | undefined {
  return GUIDES.find((g) => g.filename === filename);
}
