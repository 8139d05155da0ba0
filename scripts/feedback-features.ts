// Features of a user turn read against the agent message before it, for the
// learned feedback scorer (docs/feedback.md, "A learned scorer"). Hashed words
// and character n-grams of the turn's head, the agent message's cues, the rule
// detector's own verdict, and a few shape marks. Sparse: a list of
// [bucket, value] pairs over a fixed number of buckets.
import { agentCues, type Detection } from "../src/core/capture/feedback-detect.js";

/** Which feature groups are on; chosen by cross-validation and stored with the weights. */
export interface FeatureConfig {
  buckets: number;
  words: boolean;
  bigrams: boolean;
  chars: boolean;
  agentWords: boolean;
  rules: boolean;
  cues: boolean;
  shape: boolean;
}

export type Sparse = Map<number, number>;

/** FNV-1a: a stable 32-bit hash, the same in the training script and the hook. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEAD = 300;
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}'_]+|[?!]/gu;

function tokens(s: string): string[] {
  return (
    s
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .match(TOKEN) ?? []
  );
}

/** Adds a group of hashed strings, scaled so a long turn weighs no more than a short one. */
function addGroup(out: Sparse, cfg: FeatureConfig, prefix: string, items: string[]): void {
  if (!items.length) return;
  const v = 1 / Math.sqrt(items.length);
  for (const it of items) {
    const k = hash(prefix + it) % cfg.buckets;
    out.set(k, (out.get(k) ?? 0) + v);
  }
}

const flag = (out: Sparse, cfg: FeatureConfig, name: string, on = true): void => {
  if (on) out.set(hash("#" + name) % cfg.buckets, 1);
};

function scriptOf(s: string): string {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(s)) return "cjk";
  if (/\p{Script=Cyrillic}/u.test(s)) return "cyrillic";
  if (/[^\p{ASCII}]/u.test(s) && /\p{Script=Latin}/u.test(s)) return "latin-ext";
  return "ascii";
}

/**
 * The features of `text` (the user's own words) after `before` (the agent
 * message, or null), with `det` the rule detector's verdict on the same turn.
 */
export function featuresOf(cfg: FeatureConfig, text: string, before: string | null, det: Detection | null): Sparse {
  const out: Sparse = new Map();
  const head = text.slice(0, HEAD);
  const toks = tokens(head);
  if (cfg.words) addGroup(out, cfg, "w:", toks);
  if (cfg.bigrams) addGroup(out, cfg, "b:", [`^ ${toks[0] ?? ""}`, ...toks.slice(1).map((t, i) => `${toks[i]} ${t}`)]);
  if (cfg.chars) {
    const s = ` ${head.toLowerCase().replace(/\s+/g, " ")} `;
    const grams: string[] = [];
    for (let i = 0; i + 3 <= s.length; i++) grams.push(s.slice(i, i + 3));
    addGroup(out, cfg, "c:", grams);
  }
  const prev = (before ?? "").trim();
  if (cfg.agentWords && prev) addGroup(out, cfg, "a:", tokens(prev.slice(-200)));
  if (cfg.cues) {
    const c = agentCues(before);
    flag(out, cfg, "has-prev", prev.length > 0);
    flag(out, cfg, "asked", c.asked);
    flag(out, cfg, "claimed", c.claimed);
    flag(out, cfg, "asked-and-claimed", c.asked && c.claimed);
  }
  if (cfg.rules) {
    flag(out, cfg, `rule:${det?.type ?? "none"}`);
    if (det) {
      flag(out, cfg, `rule-conf:${det.confidence}`);
      flag(out, cfg, `rule-type-conf:${det.type}:${det.confidence}`);
      flag(out, cfg, `rule-why:${det.rationale}`);
    }
  }
  if (cfg.shape) {
    const n = text.length;
    flag(out, cfg, `len:${n <= 10 ? "tiny" : n <= 40 ? "short" : n <= 120 ? "mid" : n <= 400 ? "long" : "huge"}`);
    flag(out, cfg, `first:${toks[0] ?? ""}`);
    flag(out, cfg, "question", /[?？]/u.test(head));
    flag(out, cfg, "ends-question", /[?？]\s*$/u.test(text));
    flag(out, cfg, "exclaim", /!/u.test(head));
    flag(out, cfg, "negation", /(?<![\p{L}])(?:no|not|don'?t|doesn'?t|didn'?t|isn'?t|never|nope|wrong)(?![\p{L}])/u.test(head.toLowerCase()));
    flag(out, cfg, "code", /```|\n {4}|[{};]\s*$/mu.test(text));
    flag(out, cfg, `script:${scriptOf(head)}`);
  }
  flag(out, cfg, "bias");
  return out;
}
