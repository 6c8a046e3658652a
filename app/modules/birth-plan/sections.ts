/**
 * The birth preferences the course teaches: nine sections in the course's order, each with the choices a member
 * can tick. Plan A is the birth she hopes for; plan B (induction) and plan C (caesarean birth) are the ones she
 * prepares for as well. The words explain what a choice is, never which to pick: every kind of birth is a good
 * birth, and medical questions go to a midwife.
 */
import type { BirthPlanIconName } from "./icon-paths.ts";

export type SectionId =
  | "environment"
  | "partner-role"
  | "pain-relief"
  | "monitoring"
  | "interventions"
  | "third-stage"
  | "feeding"
  | "plan-b"
  | "plan-c";

/** Which plan a section belongs to: A, the birth she hopes for; B, induction; C, caesarean birth. */
type PlanLetter = "a" | "b" | "c";

export interface BirthPlanChoice {
  /** Unique in the whole plan: `<section id>.<name>`. */
  id: string;
  label: string;
  /** One short, neutral sentence: what it is, not whether to choose it. */
  explanation: string;
  icon: BirthPlanIconName;
}

export interface BirthPlanSection {
  id: SectionId;
  title: string;
  /** One neutral sentence under the title. */
  intro: string;
  plan: PlanLetter;
  choices: readonly BirthPlanChoice[];
}

const choice = (
  id: string,
  label: string,
  icon: BirthPlanIconName,
  explanation: string,
): BirthPlanChoice => ({ id, label, explanation, icon });

export const BIRTH_PLAN_SECTIONS: readonly BirthPlanSection[] = [
  {
    id: "environment",
    title: "Environment",
    intro: "The room you labour in, and what helps you feel safe and calm there.",
    plan: "a",
    choices: [
      choice(
        "environment.dim-lights",
        "Dim lights",
        "lamp",
        "Soft, low light that helps many people feel calm and private.",
      ),
      choice(
        "environment.own-music",
        "My own music or hypnobirthing tracks",
        "music",
        "Your own recordings, played through headphones or a speaker.",
      ),
      choice(
        "environment.quiet-voices",
        "Quiet voices",
        "quiet-voices",
        "Talk in the room kept low and calm.",
      ),
      choice(
        "environment.few-people",
        "As few people in the room as possible",
        "door",
        "Only the people who need to be there, with a knock before anyone comes in.",
      ),
      choice(
        "environment.from-home",
        "Familiar things from home",
        "scent",
        "Your own pillow, a blanket or a scent you like; ask your midwife which oils are allowed.",
      ),
      choice(
        "environment.birth-pool",
        "A birth pool, if one is free",
        "water",
        "Warm water to labour or give birth in; ask your midwife what your unit offers.",
      ),
      choice(
        "environment.move-freely",
        "Freedom to move and change position",
        "footsteps",
        "Walking, standing, kneeling or leaning, in whatever way feels right at the time.",
      ),
      choice(
        "environment.birth-ball",
        "A birth ball, mat or beanbag",
        "ball",
        "Things to lean on, sit on or rock on during surges.",
      ),
    ],
  },
  {
    id: "partner-role",
    title: "My birth partner's role",
    intro: "How the person with you can help, in the ways you practised together.",
    plan: "a",
    choices: [
      choice(
        "partner-role.speaks-up",
        "Speaks up for my preferences",
        "speech",
        "Your birth partner knows this plan and talks it through with the team.",
      ),
      choice(
        "partner-role.breathing",
        "Guides my breathing",
        "breath",
        "Counting your up-breaths and down-breaths with you, as you practised.",
      ),
      choice(
        "partner-role.massage",
        "Light touch massage",
        "massage",
        "Gentle strokes on your back or arms, during or between surges.",
      ),
      choice(
        "partner-role.affirmations",
        "Reads affirmations or starts my tracks",
        "music",
        "Your chosen words or recordings, ready when you want them.",
      ),
      choice(
        "partner-role.keeps-calm",
        "Keeps the room calm",
        "door",
        "Lights low, the door closed and conversations taken outside.",
      ),
      choice(
        "partner-role.stays-close",
        "Stays close and holds my hand",
        "hand",
        "Being beside you, with touch or simply with presence.",
      ),
      choice(
        "partner-role.time-to-talk",
        "Asks for time for us to talk",
        "hourglass",
        "A few minutes alone together before any decision that isn't urgent.",
      ),
    ],
  },
  {
    id: "pain-relief",
    title: "Pain relief preferences",
    intro: "The ways of staying comfortable that you might like to use or to be offered.",
    plan: "a",
    choices: [
      choice(
        "pain-relief.breathing",
        "Breathing and relaxation first",
        "breath",
        "Your hypnobirthing breathing and relaxation before anything else.",
      ),
      choice(
        "pain-relief.water",
        "Warm water",
        "water",
        "A bath, a shower or a birth pool, for comfort during labour.",
      ),
      choice(
        "pain-relief.tens",
        "TENS machine",
        "tens",
        "A small device that sends gentle pulses through pads on your back.",
      ),
      choice(
        "pain-relief.gas-and-air",
        "Gas and air",
        "gas-and-air",
        "A mix of oxygen and nitrous oxide you breathe through a mouthpiece when you want it.",
      ),
      choice(
        "pain-relief.opioid",
        "An opioid injection",
        "injection",
        "A medicine such as pethidine or diamorphine; ask your midwife how it may affect you and your baby.",
      ),
      choice(
        "pain-relief.epidural",
        "Epidural",
        "epidural",
        "Medicine given through a fine tube in your back; ask your midwife what it involves.",
      ),
      choice(
        "pain-relief.ask-first",
        "Please wait for me to ask",
        "speech",
        "The team lets you ask for pain relief rather than offering it.",
      ),
      choice(
        "pain-relief.open",
        "Open to whatever feels right",
        "hand",
        "You decide on the day, with your birth partner and your midwife.",
      ),
    ],
  },
  {
    id: "monitoring",
    title: "Monitoring",
    intro: "How your baby's heartbeat is checked during labour, and how you'd like to be kept informed.",
    plan: "a",
    choices: [
      choice(
        "monitoring.intermittent",
        "Intermittent monitoring, if all is well",
        "listen",
        "Listening to your baby's heartbeat every so often with a handheld device.",
      ),
      choice(
        "monitoring.continuous",
        "Continuous monitoring, if it's recommended",
        "trace",
        "A steady trace of your baby's heartbeat and your surges (a CTG); ask your midwife when it's advised.",
      ),
      choice(
        "monitoring.wireless",
        "Wireless monitoring, if available",
        "wireless",
        "Monitoring without wires, so you can keep moving or stay in water.",
      ),
      choice(
        "monitoring.upright",
        "Staying upright while monitored",
        "ball",
        "Standing, kneeling or sitting on a ball while the monitor is on, where possible.",
      ),
      choice(
        "monitoring.ask-first",
        "Ask me before any examination",
        "speech",
        "Being told what an examination is for and asked before it happens.",
      ),
      choice(
        "monitoring.no-numbers",
        "Keep the numbers to yourselves",
        "quiet-voices",
        "Measurements shared with your birth partner rather than with you.",
      ),
    ],
  },
  {
    id: "interventions",
    title: "Interventions",
    intro: "What you'd like to happen if the team suggests doing something to help labour along.",
    plan: "a",
    choices: [
      choice(
        "interventions.explain",
        "Explain the benefits, risks and alternatives",
        "question",
        "Hearing what is suggested, why, and what else is possible.",
      ),
      choice(
        "interventions.time-to-decide",
        "Time to decide, if it's not urgent",
        "hourglass",
        "A few minutes alone with your birth partner before you answer.",
      ),
      choice(
        "interventions.waters",
        "Let my waters break on their own",
        "drop",
        "The waters left as they are unless there's a reason to break them; ask your midwife.",
      ),
      choice(
        "interventions.assisted",
        "If an assisted birth is suggested, talk me through it",
        "hand",
        "What a ventouse or forceps birth involves, and why it's suggested.",
      ),
      choice(
        "interventions.episiotomy",
        "Ask me before a cut (episiotomy)",
        "speech",
        "A cut is sometimes suggested at the birth; you can ask why and what else is possible.",
      ),
      choice(
        "interventions.slow-birth",
        "Guided breathing as my baby is born",
        "breath",
        "Slow breathing and warm compresses at the moment of birth; ask your midwife what they offer.",
      ),
    ],
  },
  {
    id: "third-stage",
    title: "Third stage",
    intro: "The birth of the placenta and the first minutes after your baby arrives.",
    plan: "a",
    choices: [
      choice(
        "third-stage.physiological",
        "Physiological third stage",
        "leaf",
        "The placenta comes without medicine, in its own time; ask your midwife if it suits you.",
      ),
      choice(
        "third-stage.managed",
        "Managed third stage",
        "injection",
        "An injection in your thigh helps the placenta come sooner and can reduce bleeding.",
      ),
      choice(
        "third-stage.decide-on-the-day",
        "Decide on the day",
        "question",
        "Choosing between the two at the time, with your midwife's advice.",
      ),
      choice(
        "third-stage.delayed-cord",
        "Delayed cord clamping",
        "hourglass",
        "Waiting a few minutes before the cord is clamped and cut.",
      ),
      choice(
        "third-stage.partner-cuts-cord",
        "My birth partner cuts the cord",
        "cord",
        "Your birth partner is offered the scissors when the time comes.",
      ),
    ],
  },
  {
    id: "feeding",
    title: "Feeding and the first hour",
    intro: "Meeting your baby, and how you'd like to feed them.",
    plan: "a",
    choices: [
      choice(
        "feeding.skin-to-skin",
        "Skin to skin straight away",
        "cradle",
        "Your baby on your chest, dried and covered, for as long as you like.",
      ),
      choice(
        "feeding.unhurried",
        "An unhurried first hour",
        "hourglass",
        "Weighing and checks left for a while, if you and your baby are well.",
      ),
      choice(
        "feeding.breast",
        "Breastfeeding or chestfeeding",
        "feed-breast",
        "Feeding your baby from your body; a midwife can help with the first feeds.",
      ),
      choice(
        "feeding.formula",
        "Formula feeding",
        "bottle",
        "Feeding your baby formula from a bottle; ask what your unit provides.",
      ),
      choice(
        "feeding.colostrum",
        "Using colostrum I've collected",
        "drop",
        "Early milk you gathered before the birth, if you've talked this through with your midwife.",
      ),
      choice(
        "feeding.partner-skin",
        "Skin to skin with my birth partner",
        "cradle",
        "Your birth partner holds your baby skin to skin if you need a moment.",
      ),
      choice(
        "feeding.vitamin-k",
        "Vitamin K for my baby",
        "injection",
        "Offered to every newborn, by injection or by mouth; ask your midwife about both.",
      ),
      choice(
        "feeding.find-out",
        "We'd like to find out the sex ourselves",
        "baby",
        "You or your birth partner look, rather than being told.",
      ),
    ],
  },
  {
    id: "plan-b",
    title: "Plan B: induction",
    intro: "If labour is started for you, what would help you feel informed and calm.",
    plan: "b",
    choices: [
      choice(
        "plan-b.explain-why",
        "Explain why induction is suggested",
        "question",
        "The reasons, the options and what waiting would mean; ask your midwife or doctor.",
      ),
      choice(
        "plan-b.step-by-step",
        "One step at a time",
        "steps",
        "Induction often comes in stages, and each one can be talked through as it comes.",
      ),
      choice(
        "plan-b.sweep",
        "A membrane sweep first",
        "hand",
        "A midwife may offer this to help labour begin; ask what it involves.",
      ),
      choice(
        "plan-b.home-first",
        "Home after the first step, if possible",
        "home",
        "Some units let you wait at home after the first step; ask what yours offers.",
      ),
      choice(
        "plan-b.drip",
        "Talk me through the hormone drip",
        "drip",
        "A drip (oxytocin) can start or strengthen surges; you can ask how it would be monitored.",
      ),
      choice(
        "plan-b.calm-room",
        "Bring my calm room with me",
        "lamp",
        "Low light, your music and your breathing on the induction ward too.",
      ),
      choice(
        "plan-b.mobile",
        "Staying mobile while monitored",
        "wireless",
        "Wireless monitoring or a ball by the bed, if available.",
      ),
    ],
  },
  {
    id: "plan-c",
    title: "Plan C: caesarean birth",
    intro: "If your baby is born by caesarean, planned or not, how you'd like it to feel.",
    plan: "c",
    choices: [
      choice(
        "plan-c.screen-lowered",
        "Screen lowered to see my baby born",
        "screen",
        "The screen is lowered, or a clear one used, as your baby is lifted out.",
      ),
      choice(
        "plan-c.music",
        "My music in theatre",
        "music",
        "Your own music or hypnobirthing tracks played during the birth.",
      ),
      choice(
        "plan-c.photos",
        "Photos by my birth partner",
        "camera",
        "Your birth partner takes photographs, if the team agrees at the time.",
      ),
      choice(
        "plan-c.skin-to-skin",
        "Skin to skin in theatre",
        "cradle",
        "Your baby on your chest as soon as possible, if you are both well.",
      ),
      choice(
        "plan-c.delayed-cord",
        "Delayed cord clamping",
        "cord",
        "Waiting before the cord is clamped can often happen at a caesarean too; ask your team.",
      ),
      choice(
        "plan-c.partner-tells",
        "My birth partner tells us the sex",
        "baby",
        "Your birth partner looks and tells you, rather than the team.",
      ),
      choice(
        "plan-c.talk-me-through",
        "Talk me through what's happening",
        "speech",
        "A calm running commentary from the team, or quiet if you'd prefer.",
      ),
      choice(
        "plan-c.chest-free",
        "Leads placed to keep my chest free",
        "trace",
        "Monitoring stickers on your back or side leave room for skin to skin; ask your team.",
      ),
    ],
  },
];

export const SECTION_IDS: readonly SectionId[] = BIRTH_PLAN_SECTIONS.map((s) => s.id);

export function isSectionId(value: string): value is SectionId {
  return (SECTION_IDS as readonly string[]).includes(value);
}

export function findSection(id: SectionId): BirthPlanSection {
  const section = BIRTH_PLAN_SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`No birth plan section ${id}`);
  return section;
}

const CHOICES = new Map<string, { choice: BirthPlanChoice; section: BirthPlanSection }>(
  BIRTH_PLAN_SECTIONS.flatMap((section) =>
    section.choices.map((c) => [c.id, { choice: c, section }] as const),
  ),
);

/** A choice and the section it sits in, by its id; undefined for an id the plan doesn't have. */
export function findChoice(id: string): { choice: BirthPlanChoice; section: BirthPlanSection } | undefined {
  return CHOICES.get(id);
}
