/**
 * What a member buys has one name: the Complete Course. The fixed wording's other
 * names are its parts: the Hypno Foundation Course (free) and the Hypno
 * Preparation Course are its groups of sessions; "Premium" is the tier a
 * member has once she owns it. This sentence says so wherever she pays or
 * is told what she paid for (the course page, the receipt email, the receipt page).
 */
export const COMPLETE_COURSE_CONTAINS =
  "The Complete Course is the whole of Tidewell: the Foundation Course's two sessions and the Preparation Course's seven (all nine audio sessions), all six guides, the two-week programme and the sessions to share with your birth partner, for lifetime access in every pregnancy.";
