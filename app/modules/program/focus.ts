/** A line of gentle guidance for each day's session: today's focus. */
export const DAILY_FOCUS: Record<string, { title: string; text: string }> = {
  "pregnancy-relaxation": {
    title: "Letting your body rest",
    text: "Notice where you hold tension (jaw, shoulders, hands) and let each place soften as you breathe out.",
  },
  "prepare-for-birth": {
    title: "Rehearsing calm",
    text: "Picture the day gently, whatever shape it takes. Each rehearsal makes the real thing feel a little more familiar.",
  },
  "practice-contractions": {
    title: "Surge breathing",
    text: "Breathe in for about four, out for about eight. Try a few rounds with your birth partner counting softly.",
  },
  "affirmations-purpose": {
    title: "Kind words",
    text: "Choose one affirmation that feels true today and write it somewhere you'll see it.",
  },
  "affirmations-2": {
    title: "Confidence",
    text: "Say today's favourite affirmation out loud once, slowly. Let your partner say it back to you.",
  },
  "fear-release": {
    title: "Naming worries",
    text: "Write down one worry, then one question to ask your midwife about it. Worries often shrink once they're named.",
  },
  "breathing-bonding": {
    title: "Connecting with your baby",
    text: "Rest a hand on your bump and breathe slowly. Your partner can place a hand beside yours.",
  },
  "positive-caesarean": {
    title: "Every birth",
    text: "Think about what would help you feel calm in theatre: music, skin-to-skin, a voice you love.",
  },
  "adjusting-to-parenthood": {
    title: "The weeks after",
    text: "Plan one small kindness for yourselves in the first week: a meal in the freezer, a friend on call.",
  },
};
