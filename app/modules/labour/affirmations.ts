/**
 * The course's affirmations for labour, word for word from the Birth
 * Affirmations and Scripts guide (content/guides) and the Affirmations One and
 * Two sessions (content/audio-scripts), in the sets the guide gives them.
 * Labour mode shows these and no others; a test checks each against its source.
 */

export interface AffirmationSet {
  id: string;
  title: string;
  lines: readonly string[];
}

export const AFFIRMATION_SETS: readonly AffirmationSet[] = [
  {
    id: "wave",
    title: "One wave at a time",
    lines: [
      "I can do this one wave at a time.",
      "Every wave rises, peaks and passes.",
      "I breathe up and over the top of this wave.",
      "This wave cannot be stronger than me, because it is me.",
      "I soften into each sensation and let it pass through me.",
      "I never have to meet this wave again.",
      "My breath carries me through.",
      "The waves are powerful, and so am I.",
      "I rest completely in the space between the waves.",
      "I let go of the last wave and don't borrow the next one.",
      "I can make noise, move and do whatever my body needs.",
      "My baby is moving down, and I am moving with them.",
    ],
  },
  {
    id: "early",
    title: "For early labour",
    lines: [
      "Labour is beginning, and I am ready to welcome it.",
      "I rest between the waves and let my body do its work.",
      "There is no rush. I let things unfold in their own time.",
      "I eat, drink, rest and keep my world small and calm.",
      "Each wave brings me a little closer to my baby.",
      "I save my energy, because I have everything I need.",
      "I'm at home, I'm comfortable and I'm safe.",
      "I let my body take the lead.",
      "I breathe slowly and deeply, and my body follows.",
      "Today, or tonight, I meet my baby.",
    ],
  },
  {
    id: "body",
    title: "For trusting your body",
    lines: [
      "My body knows how to do this.",
      "My body and my baby are working together.",
      "I am designed for this, and I am supported.",
      "I listen to my body, and I follow what it tells me.",
      "My muscles soften and my body opens.",
      "Each part of my body is playing its part.",
      "I am strong, I am capable and I am enough.",
      "My breath is my anchor. It is always with me.",
      "I welcome the sensations of labour as signs that my baby is coming.",
      "I am exactly where I need to be.",
    ],
  },
  {
    id: "transition",
    title: "For transition and birth",
    lines: [
      "The intensity means I am nearly there.",
      "I feel the doubt and I keep going. My baby is close.",
      "My body is opening, and I am ready.",
      "I breathe my baby down gently.",
      "I follow my body and my midwife's voice.",
      "My baby and I are working as a team.",
      "I trust the power of my body to bring my baby into the world.",
      "Slowly, gently, steadily, my baby is coming.",
      "I am so close to holding my baby.",
      "I welcome my baby with calm and with love.",
    ],
  },
  {
    id: "induction",
    title: "For an induction",
    lines: [
      "My induction is a path to meeting my baby, and I choose it with care.",
      "I can be patient. My body will respond in its own time.",
      "I use the waiting to rest, breathe and gather my strength.",
      "I can still dim the lights, play my music and move as I'm able.",
      "Each step of my induction brings me closer to my baby.",
      "I ask questions, I understand my options, and I make my choices.",
      "The sensations I feel are my body working, and I work with them.",
      "I am surrounded by people who are caring for me and my baby.",
      "My breathing works just as well here as anywhere.",
      "An induced birth is a real and positive birth.",
    ],
  },
  {
    id: "pain-relief",
    title: "For pain relief and epidurals",
    lines: [
      "Choosing pain relief is a wise and caring decision.",
      "I use every tool that helps me, and each one is a good choice.",
      "With my epidural I rest, I breathe and I gather my energy.",
      "I stay calm and still while my epidural is placed, breathing slowly.",
      "My calm doesn't depend on what I feel. It comes from my breath.",
      "I can change my mind, and changing my mind is allowed.",
      "I am still fully present for my baby's birth.",
      "I am proud of every decision I make for myself and my baby.",
    ],
  },
  {
    id: "caesarean",
    title: "For a caesarean birth",
    lines: [
      "My caesarean is my baby's birth, and it is a beautiful birth.",
      "I am calm and safe in the hands of a skilled team.",
      "I breathe slowly, and my body feels heavy, warm and relaxed.",
      "My birth partner is beside me, and we welcome our baby together.",
      "I can ask for what matters to me: music, the screen lowered, my baby on my chest.",
      "I feel pressure and movement, and I know it means my baby is coming.",
      "In a few moments I will hear my baby's first cry.",
      "My body is healing, and I give it time and patience.",
      "I will hold my baby skin to skin as soon as we're ready.",
      "Every way of giving birth is giving birth.",
    ],
  },
  {
    id: "plans-change",
    title: "For when plans change",
    lines: [
      "When plans change, I pause, breathe and ask.",
      "I can handle the unexpected, one step at a time.",
      "I am informed and involved in every decision.",
      "A change of plan is not a failure. It's simply a different path.",
      "My baby is being looked after, and so am I.",
      "I let go of the birth I imagined and welcome the birth I'm having.",
      "My calm goes with me wherever I go, including theatre.",
      "My preparation is never wasted. I use it now.",
      "I am doing an amazing job, whatever this birth looks like.",
      "Whatever happens, my baby will be born into loving arms.",
    ],
  },
  {
    id: "partner",
    title: "For birth partners",
    lines: [
      "My calm is the most useful thing I can bring.",
      "I don't have to fix anything. Being here is enough.",
      "I breathe slowly, and my breathing helps them breathe.",
      "I protect the space: the light, the quiet, the privacy.",
      "I listen more than I talk.",
      "I can ask questions on their behalf, calmly and kindly.",
      "When I don't know what to do, I offer a hand, a sip of water or a gentle word.",
      "I look after myself too, so that I can keep supporting them.",
      "Whatever kind of birth this becomes, I'm proud to be here.",
      "Our baby is coming, and we are ready.",
    ],
  },
  {
    id: "sessions",
    title: "From Affirmations One and Two",
    lines: [
      "I am calm, and my breath is steady.",
      "I trust my body, and I trust my baby.",
      "Each breath out helps me soften and let go.",
      "I can ask questions, and I can make choices.",
      "I am supported. I am not alone.",
      "My birth partner and I are a team.",
      "Whatever turns my birth takes, I can meet it one moment at a time.",
      "I let go of what I cannot control, and I hold on to what helps me.",
      "My baby and I are working together.",
      "I am ready to meet my baby.",
      "I welcome my baby with love and patience.",
      "Soft breath, soft body, calm mind.",
      "I can rest in the quiet moments.",
      "I meet each moment as it comes.",
      "My breath is always with me.",
      "I listen to my midwife, and I listen to myself.",
      "I am allowed to change my mind.",
      "However my baby is born, it is a birth to be proud of.",
      "The people around me want to help me.",
      "I am calm. I am capable. I am ready.",
    ],
  },
];

export const DEFAULT_AFFIRMATION_SET = "wave";

export function affirmationSet(id: string): AffirmationSet {
  return AFFIRMATION_SETS.find((set) => set.id === id) ?? AFFIRMATION_SETS[0]!;
}
