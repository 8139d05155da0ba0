// The reference detector: the llm-wiki session helper's classifier as the
// capture-store spec (§7.1) describes it — word lists on the prompt alone,
// first matching rule wins. Scored next to ours in feedback-eval.test.ts.
const wb = (alt: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alt})(?![\\p{L}\\p{N}_])`, "u");

const IGNORED = /^(?:ok|okay|cool|thanks|thank you|ty|k|👍|👌)[.!]*$/u;

const RULES: [string, RegExp[]][] = [
  ["correction", [wb("no|wrong|incorrect|not quite|actually|instead|you missed|you should have|shouldn'?t|don't|do not"), wb("that'?s not|this is not|not what i meant|wrong file|wrong repo|wrong approach")]],
  ["preference", [wb("i prefer|i want|i'd like|i would like|for me|my environment"), wb("default should|should be|there should|we need|needs to|always|never|from now on|next time|for future")]],
  ["approval", [wb("that worked|this worked|that fixed it|fixed it|works for me|looks good|lgtm|correct|exactly|perfect|great job|nice work"), wb("(?:yes|yep|yeah)[, ]+(?:that'?s|that is|this is|it is)? ?(?:right|correct|good|perfect)")]],
  ["decision", [wb("go ahead|do it|let'?s do that|sounds good|approved|ship it|make the pr|release it|proceed")]],
];

/** The reference's type for a prompt, or null. */
export function referenceClassify(text: string): string | null {
  if (!text) return null;
  const l = text.toLowerCase().replace(/\u2019/g, "'");
  if (IGNORED.test(l)) return null;
  for (const [type, patterns] of RULES) if (patterns.some((re) => re.test(l))) return type;
  return null;
}
