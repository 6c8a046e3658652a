import { countOf } from "#app/modules/words/plural.ts";

/** What her partner's pages know of her pregnancy: `memberView`'s weeks, never a date. */
export interface HerPregnancyFacts {
  firstName: string;
  hasSavedDate: boolean;
  babyArrived: boolean;
  pregnancyWeek: number;
  weeksToGo: number;
}

/**
 * Her pregnancy as her birth partner's pages say it: about her, in the third
 * person ("Maya is 33 weeks pregnant", "7 weeks to go"), from her own view,
 * so their dashboard, programme and profile agree.
 */
export function herPregnancy(her: HerPregnancyFacts): HerPregnancy {
  if (her.babyArrived) {
    const headline = `${her.firstName}'s baby has arrived`;
    return { headline, detail: null, sentence: `${headline}.` };
  }
  if (!her.hasSavedDate) {
    const headline = `${her.firstName} hasn't saved her due date yet`;
    return { headline, detail: "Her week of pregnancy shows here once she has.", sentence: `${headline}.` };
  }
  const headline = `${her.firstName} is ${her.pregnancyWeek} weeks pregnant`;
  return her.weeksToGo > 0
    ? {
        headline,
        detail: `${countOf(her.weeksToGo, "week")} to go`,
        sentence: `${headline}, with ${countOf(her.weeksToGo, "week")} to go.`,
      }
    : { headline, detail: "Any day now", sentence: `${headline}: any day now.` };
}

export interface HerPregnancy {
  /** "Maya is 33 weeks pregnant". */
  headline: string;
  /** "7 weeks to go", or null once her baby has arrived. */
  detail: string | null;
  /** Both in one sentence, for a line of text. */
  sentence: string;
}
