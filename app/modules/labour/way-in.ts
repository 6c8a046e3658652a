/**
 * When the dashboards offer labour mode (hers and her birth partner's): from week 36 of her pregnancy
 * until her baby has arrived, once she has saved her date (the default date, two weeks from today,
 * says nothing about how far along she is).
 */
const LABOUR_MODE_FROM_WEEK = 36;

export function offersLabourMode(her: {
  hasSavedDate: boolean;
  babyArrived: boolean;
  /** Her week of pregnancy (program's `pregnancyWeek`). */
  pregnancyWeek: number;
}): boolean {
  return her.hasSavedDate && !her.babyArrived && her.pregnancyWeek >= LABOUR_MODE_FROM_WEEK;
}
