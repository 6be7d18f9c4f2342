/**
 * Plain-English edit instructions -> a list of whole-image operations the offline engine can apply.
 *
 * The instruction is split into clauses ("make it brighter and warmer, then crop to square" -> three
 * clauses); each clause yields the operations it names, in order, or is reported as not applied with a
 * reason. Edits that need to understand the picture (remove the background, blur only the sky) are
 * refused honestly rather than approximated on the whole image.
 */

export type EditOperation =
  | { readonly kind: 'brightness'; readonly factor: number }
  | { readonly kind: 'contrast'; readonly factor: number }
  | { readonly kind: 'saturation'; readonly factor: number }
  /** Positive: warmer (more red, less blue); negative: cooler. */
  | { readonly kind: 'warmth'; readonly amount: number }
  | { readonly kind: 'greyscale' }
  | { readonly kind: 'sepia' }
  | { readonly kind: 'invert' }
  | { readonly kind: 'blur'; readonly sigma: number }
  | { readonly kind: 'sharpen'; readonly sigma: number }
  | { readonly kind: 'rotate'; readonly degrees: 90 | 180 | 270 }
  | { readonly kind: 'flip'; readonly axis: 'horizontal' | 'vertical' }
  | { readonly kind: 'crop'; readonly ratio: readonly [number, number] };

export interface PlannedEdit {
  readonly op: EditOperation;
  /** What the owner sees in the "applied" list, e.g. 'slightly brighter', 'crop to square'. */
  readonly label: string;
}

export interface NotApplied {
  readonly text: string;
  readonly reason: string;
}

export interface EditPlan {
  readonly edits: readonly PlannedEdit[];
  readonly notApplied: readonly NotApplied[];
}

/** More would only burn CPU; a real request names a handful of adjustments. */
export const MAX_EDITS_PER_REQUEST = 12;

export const REASONS = {
  unknown: 'not understood',
  region: 'the built-in editor only changes the whole image; editing part of it needs the AI engine',
  noDirection: 'say which way, e.g. "more" or "less"',
  quarterTurns: 'only quarter turns (90°, 180°, 270°) are supported',
  cropShape: 'say which shape, e.g. "crop to square" or "crop to 16:9"',
  cropRatio: 'the aspect ratio must be between 1:4 and 4:1',
  tooMany: `at most ${MAX_EDITS_PER_REQUEST} edits per request`,
} as const;

const SPLIT_RE =
  /\s*(?:[,;!\n]+|\.(?=\s|$)|\s(?:and then|then|and|&|\+|plus|also|after that|afterwards|finally)\s)\s*/i;

const FILLER_RE =
  /\b(?:please|thanks?|thank you|could|can|would|you|i|i'd|i'm|want|like|make|makes|made|it|its|the|this|that|image|photo|picture|pic|hero|a|an|to|be|look|looks|so|for|me|some|just|bit|little|slightly|and|then|also|now|overall|whole|entire|little|lot)\b/gi;

/** Words that point at part of the picture: the offline engine cannot select regions. */
const REGION_RE =
  /\b(?:background|foreground|sky|face|faces|skin|person|people|model|hands?|wrists?|text|logo|watermark|left side|right side|left half|right half|top half|bottom half|corners?|edges|subject|object)\b/i;

type Strength = { readonly k: number; readonly prefix: string; readonly percent: number | null };

function strengthOf(clause: string): Strength {
  const percent = /(\d{1,3}(?:\.\d+)?)\s*(?:%|percent\b)/i.exec(clause);
  if (percent?.[1]) {
    const p = Math.min(100, Math.max(1, Number(percent[1])));
    return { k: 1, prefix: '', percent: p / 100 };
  }
  if (
    /\b(?:slightly|a (?:little )?bit|a little|a touch|touch|subtly|somewhat|marginally|tad)\b/i.test(clause)
  ) {
    return { k: 0.5, prefix: 'slightly ', percent: null };
  }
  if (
    /\b(?:much|a lot|lots|very|way|really|significantly|strongly|heavily|dramatically|extra|far|considerably)\b/i.test(
      clause,
    )
  ) {
    return { k: 1.75, prefix: 'much ', percent: null };
  }
  return { k: 1, prefix: '', percent: null };
}

/** For verbs: "slight blur", "strong sharpen". */
function strengthWord(s: Strength): string {
  if (s.k < 1) return 'slight ';
  if (s.k > 1) return 'strong ';
  return '';
}

type Direction = 'up' | 'down';

const UP_WORDS_RE =
  /\b(?:more|increase[ds]?|increasing|higher|raise[ds]?|boost(?:ed)?|add|up|stronger|enhance[ds]?|max(?:imum)?|pump|heighten)\b/i;
const DOWN_WORDS_RE =
  /\b(?:less|decrease[ds]?|decreasing|lower|reduce[ds]?|reducing|down|drop|cut|weaker|tone down|fewer|minimi[sz]e|no more)\b/i;

function directionOf(clause: string): Direction | null {
  const up = UP_WORDS_RE.exec(clause);
  const down = DOWN_WORDS_RE.exec(clause);
  if (up && down) return up.index < down.index ? 'up' : 'down';
  if (up) return 'up';
  if (down) return 'down';
  return null;
}

interface Dimension {
  readonly kind: 'brightness' | 'contrast' | 'saturation' | 'warmth';
  /** Adjectives and verbs that carry their own direction ("brighter", "desaturate"). */
  readonly up: RegExp;
  readonly down: RegExp;
  /** The bare noun, which needs a direction word ("more contrast"). */
  readonly noun: RegExp;
  readonly labels: Readonly<Record<Direction, string>>;
  /** Change at strength 1. */
  readonly base: number;
}

const DIMENSIONS: readonly Dimension[] = [
  {
    kind: 'brightness',
    up: /\b(?:brighter|brighten(?:ed)?|bright|lighter|lighten(?:ed)?|overexpose[d]?)\b/i,
    down: /\b(?:darker|darken(?:ed)?|dark|dimmer|dim|underexpose[d]?)\b/i,
    noun: /\b(?:brightness|exposure|lightness|light)\b/i,
    labels: { up: 'brighter', down: 'darker' },
    base: 0.15,
  },
  {
    kind: 'contrast',
    up: /\b(?:punchier|contrastier|contrasty)\b/i,
    down: /\b(?:flatter|flat|faded)\b/i,
    noun: /\bcontrast\b/i,
    labels: { up: 'more contrast', down: 'less contrast' },
    base: 0.2,
  },
  {
    kind: 'saturation',
    up: /\b(?:saturated?|vivid|vibrant|colou?rful|richer)\b/i,
    down: /\b(?:desaturated?|muted|washed[- ]out|duller|dull|pastel)\b/i,
    noun: /\b(?:saturation|colou?rs?|vibrance|vibrancy)\b/i,
    labels: { up: 'more saturated', down: 'less saturated' },
    base: 0.3,
  },
  {
    kind: 'warmth',
    up: /\b(?:warmer|warm(?:ed)?|golden)\b/i,
    down: /\b(?:cooler|cool(?:ed)?|colder|cold|bluer)\b/i,
    noun: /\b(?:warmth|temperature)\b/i,
    labels: { up: 'warmer', down: 'cooler' },
    base: 0.08,
  },
];

function dimensionEdit(dim: Dimension, direction: Direction, s: Strength): PlannedEdit {
  const change = s.percent ?? dim.base * s.k;
  const label =
    s.percent !== null
      ? `${dim.labels[direction]} by ${Math.round(s.percent * 100)}%`
      : `${s.prefix}${dim.labels[direction]}`;
  if (dim.kind === 'warmth') {
    // Warmth is a channel shift, not a factor: cap it so "100% warmer" is strong but not absurd.
    const amount = Math.min(0.5, s.percent !== null ? s.percent / 2 : change);
    return { op: { kind: 'warmth', amount: direction === 'up' ? amount : -amount }, label };
  }
  const factor = direction === 'up' ? 1 + change : Math.max(0.05, 1 - change);
  return { op: { kind: dim.kind, factor: round(factor) }, label };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

interface Match {
  readonly index: number;
  readonly edit?: PlannedEdit;
  readonly refused?: string;
}

/** Blanks out what a matcher consumed so a later matcher does not see the same words again. */
function consume(work: { text: string }, m: RegExpExecArray): void {
  work.text = work.text.slice(0, m.index) + ' '.repeat(m[0].length) + work.text.slice(m.index + m[0].length);
}

type Matcher = (work: { text: string }, s: Strength) => Match | null;

const matchers: readonly Matcher[] = [
  (work) => {
    const m =
      /\b(?:black[- ]and[- ]white|b ?& ?w|b\/w|gr[ae]y ?scale(?:d)?|monochrome|mono|no colou?rs?|colou?rless|fully desaturated?|desaturate(?:d)? completely)\b/i.exec(
        work.text,
      );
    if (!m) return null;
    consume(work, m);
    return { index: m.index, edit: { op: { kind: 'greyscale' }, label: 'black and white' } };
  },
  (work) => {
    const m = /\b(?:sepia|vintage|antique|old[- ]fashioned)\b/i.exec(work.text);
    if (!m) return null;
    consume(work, m);
    return { index: m.index, edit: { op: { kind: 'sepia' }, label: 'sepia' } };
  },
  (work) => {
    const m = /\b(?:invert(?:ed)?(?: colou?rs?)?|negative)\b/i.exec(work.text);
    if (!m) return null;
    consume(work, m);
    return { index: m.index, edit: { op: { kind: 'invert' }, label: 'invert colours' } };
  },
  (work, s) => {
    const m =
      /\b(?:unblur|deblur|less blur(?:ry)?|remove (?:the )?blur|reduce (?:the )?blur|sharpen(?:ed)?|sharper|crisper|crisp|more detail(?:ed)?|more sharpness|increase (?:the )?sharpness|more defined)\b/i.exec(
        work.text,
      );
    if (!m) return null;
    consume(work, m);
    const sigma = round(Math.min(3, Math.max(0.5, s.k)));
    return { index: m.index, edit: { op: { kind: 'sharpen', sigma }, label: `${strengthWord(s)}sharpen` } };
  },
  (work, s) => {
    const m =
      /\b(?:less sharp|softer focus|soft[- ]focus|blur(?:ry|red)?|defocus(?:ed)?)\b(?:\s*(?:by\s*)?(\d{1,2}(?:\.\d+)?)\s*(?:px|pixels?)?)?/i.exec(
        work.text,
      );
    if (!m) return null;
    consume(work, m);
    const explicit = m[1] ? Number(m[1]) : null;
    const sigma = round(Math.min(20, Math.max(0.3, explicit ?? 1.5 * s.k)));
    const label = explicit !== null ? `blur ${sigma}px` : `${strengthWord(s)}blur`;
    return { index: m.index, edit: { op: { kind: 'blur', sigma }, label } };
  },
  (work) => {
    const m =
      /\b(?:flip(?:ped)?|mirror(?:ed)?|flop)\b(?:\s+(?:it|the|image|photo|picture|vertical(?:ly)?|horizontal(?:ly)?|upside[- ]down|top to bottom|left to right|side to side|up and down)\b){0,4}/i.exec(
        work.text,
      );
    if (!m) return null;
    const vertical = /\b(?:vertical(?:ly)?|upside[- ]down|top to bottom|up and down)\b/i.test(m[0]);
    consume(work, m);
    return vertical
      ? { index: m.index, edit: { op: { kind: 'flip', axis: 'vertical' }, label: 'flip vertically' } }
      : { index: m.index, edit: { op: { kind: 'flip', axis: 'horizontal' }, label: 'flip horizontally' } };
  },
  (work) => {
    // "turn" alone is too vague ("turn it warmer"): it only rotates with an angle or a direction.
    const m =
      /\b(?:rotate[ds]?|rotation|spin|turn(?=(?:\s+(?:it|the|image|photo|by))*\s+(?:-?\d|left|right|clockwise|anti-?clockwise|counter-?clockwise|around|upside)))\b(?:\s+(?:it|the|image|photo|picture|by|a|half|turn|-?\d{1,4}\s*(?:°|deg(?:rees?)?)?|left|right|clockwise|anti-?clockwise|counter-?clockwise|ccw|cw|around|upside[- ]down)(?=\W|$)){0,5}|\bupside[- ]down\b/i.exec(
        work.text,
      );
    if (!m) return null;
    const phrase = m[0];
    consume(work, m);
    const leftwards = /\b(?:left|anti-?clockwise|counter-?clockwise|ccw)\b/i.test(phrase);
    const degreesMatch = /(-?\d{1,4})/.exec(phrase);
    let degrees: number;
    if (degreesMatch?.[1]) degrees = leftwards ? -Number(degreesMatch[1]) : Number(degreesMatch[1]);
    else if (leftwards) degrees = -90;
    else if (/\b(?:upside|half|around)\b/i.test(phrase)) degrees = 180;
    else degrees = 90;
    const normalized = ((degrees % 360) + 360) % 360;
    if (normalized !== 90 && normalized !== 180 && normalized !== 270) {
      return { index: m.index, refused: REASONS.quarterTurns };
    }
    const label =
      normalized === 180
        ? 'rotate 180°'
        : normalized === 90
          ? 'rotate 90° clockwise'
          : 'rotate 90° anticlockwise';
    return { index: m.index, edit: { op: { kind: 'rotate', degrees: normalized }, label } };
  },
  (work) => {
    const m =
      /\b(?:crop(?:ped)?|square|portrait|landscape|widescreen|aspect ratio)\b(?:\s*(?:it|the|image|photo|picture|to|into|a|an|as|in|format|ratio|aspect|shape|square|portrait|landscape|widescreen|\d{1,2}\s*(?::|x|×|by|\/)\s*\d{1,2})(?=\W|$)){0,6}/i.exec(
        work.text,
      );
    if (!m) return null;
    const phrase = m[0];
    consume(work, m);
    const ratioMatch = /(\d{1,2})\s*(?::|x|×|by|\/)\s*(\d{1,2})/i.exec(phrase);
    let ratio: [number, number] | null = null;
    if (ratioMatch?.[1] && ratioMatch[2]) ratio = [Number(ratioMatch[1]), Number(ratioMatch[2])];
    else if (/\bsquare\b/i.test(phrase)) ratio = [1, 1];
    else if (/\bportrait\b/i.test(phrase)) ratio = [4, 5];
    else if (/\b(?:landscape|widescreen)\b/i.test(phrase)) ratio = [16, 9];
    if (!ratio) return { index: m.index, refused: REASONS.cropShape };
    const [w, h] = ratio;
    if (w < 1 || h < 1 || w / h > 4 || h / w > 4) return { index: m.index, refused: REASONS.cropRatio };
    const label = w === h ? 'crop to square' : `crop to ${w}:${h}`;
    return { index: m.index, edit: { op: { kind: 'crop', ratio: [w, h] }, label } };
  },
];

interface ClauseResult {
  readonly edits: PlannedEdit[];
  readonly refused: string | null;
  readonly direction: Direction | null;
}

function parseClause(clause: string, inherited: Direction | null): ClauseResult {
  if (REGION_RE.test(clause)) return { edits: [], refused: REASONS.region, direction: null };
  const s = strengthOf(clause);
  const work = { text: clause };
  const found: Match[] = [];
  for (const matcher of matchers) {
    const match = matcher(work, s);
    if (match) found.push(match);
  }
  const clauseDirection = directionOf(work.text);
  for (const dim of DIMENSIONS) {
    // "less saturated", "not so bright": a negated adjective turns around.
    const up = dim.up.exec(work.text);
    const down = dim.down.exec(work.text);
    if (up || down) {
      const hit = (up ?? down) as RegExpExecArray;
      let direction: Direction = up ? 'up' : 'down';
      const before = work.text.slice(0, hit.index);
      if (/\b(?:less|not (?:so|as|too)|no longer|reduce|decrease|lower|fewer)\s+(?:\w+\s+)?$/i.test(before)) {
        direction = direction === 'up' ? 'down' : 'up';
      }
      consume(work, hit);
      found.push({ index: hit.index, edit: dimensionEdit(dim, direction, s) });
      continue;
    }
    const noun = dim.noun.exec(work.text);
    if (noun) {
      const direction = clauseDirection ?? inherited;
      consume(work, noun);
      found.push(
        direction
          ? { index: noun.index, edit: dimensionEdit(dim, direction, s) }
          : { index: noun.index, refused: REASONS.noDirection },
      );
    }
  }
  found.sort((a, b) => a.index - b.index);
  const edits = found.flatMap((m) => (m.edit ? [m.edit] : []));
  const refusal = found.find((m) => m.refused)?.refused ?? null;
  if (edits.length > 0) return { edits, refused: null, direction: clauseDirection ?? inherited };
  return { edits, refused: refusal ?? REASONS.unknown, direction: clauseDirection ?? inherited };
}

/** Only filler words ("please", "make it", "thanks"): nothing to apply and nothing to complain about. */
function isFiller(clause: string): boolean {
  return clause.replace(FILLER_RE, '').replace(/[^a-z0-9]/gi, '') === '';
}

export function parseInstruction(instruction: string): EditPlan {
  // Keep "black and white" in one piece before splitting on "and".
  const text = instruction.replace(/black\s*(?:and|&|n)\s*white/gi, 'black-and-white');
  const edits: PlannedEdit[] = [];
  const notApplied: NotApplied[] = [];
  let direction: Direction | null = null;
  for (const raw of text.split(SPLIT_RE)) {
    const clause = raw.trim();
    if (clause === '' || isFiller(clause)) continue;
    const result = parseClause(clause, direction);
    direction = result.direction;
    if (result.refused) {
      notApplied.push({ text: clause, reason: result.refused });
      continue;
    }
    for (const edit of result.edits) {
      if (edits.length >= MAX_EDITS_PER_REQUEST) {
        notApplied.push({ text: edit.label, reason: REASONS.tooMany });
      } else {
        edits.push(edit);
      }
    }
  }
  return { edits, notApplied };
}

export function formatNotApplied(item: NotApplied): string {
  return `${item.text} (${item.reason})`;
}
