/** What a birth partner can do, shown on the shared page. */
export const PARTNER_TIPS = [
  {
    title: "Practise together",
    text: "Sit in when the day's session plays. Your calm voice and hand are part of the practice too.",
  },
  {
    title: "Count the breaths",
    text: "In labour, breathing in for about four and out for about eight is easier with someone counting softly.",
  },
  {
    title: "Guard the room",
    text: "Dim lights, quiet voices, a closed door: you can look after the space so they can turn inwards.",
  },
  {
    title: "Ask the questions",
    text: "Benefits, risks, alternatives, and what happens if we wait? Asking them yourself lets the person giving birth stay calm.",
  },
  {
    title: "Read the affirmations",
    text: "The Birth Affirmations and Scripts guide has lines written for you to read aloud.",
  },
  {
    title: "Look after yourself",
    text: "Eat, drink and rest when you can. A calm partner is a rested one.",
  },
] as const;
