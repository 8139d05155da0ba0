// Vendor tokens that are secrets on their own, wherever they stand (§6.3 plus
// the formats issue 14 found reaching disk). Each is anchored on the vendor's
// fixed prefix or shape, so ordinary words never match. Data, not code: a new
// format is one row. The maintained secretlint preset checks this table in
// the tests (test/capture/redaction-corpus.test.ts): whatever it flags in the
// corpus must be gone after scrub().

export interface TokenPattern {
  name: string;
  /** Literal text every match holds: the pattern runs only on strings that hold one (most hold none). */
  hints: string[];
  re: RegExp;
  /** Part of the match that must look random (else the match is kept), by default none. */
  random?: (m: string) => string;
}

const tail =
  (prefix: RegExp) =>
  (m: string): string =>
    m.replace(prefix, "");

export const VENDOR_TOKENS: readonly TokenPattern[] = [
  // OpenAI / Anthropic / OpenRouter (`sk-proj-`, `sk-ant-api03-`, `sk-or-v1-`, legacy `sk-`): the tail must
  // look random, so CSS names such as `sk-fading-circle-spinner` stay.
  { name: "sk", hints: ["sk-"], re: /\bsk-[A-Za-z0-9_-]{12,}/g, random: tail(/^sk-(?:proj|ant|svcacct|admin|or-v1)?-?/) },
  { name: "github", hints: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"], re: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { name: "slack", hints: ["xox", "xapp-"], re: /\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}/g },
  { name: "aws-key-id", hints: ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "AROA", "APKA", "ASCA"], re: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}\b/g },
  { name: "stripe", hints: ["k_live_", "k_test_"], re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: "stripe-webhook", hints: ["whsec_"], re: /\bwhsec_[A-Za-z0-9]{24,}/g },
  { name: "gitlab", hints: ["gl"], re: /\bgl(?:pat|dt|ptt|rt|cbt|imt|oas|ft|soat|ffct|agent)-[A-Za-z0-9_-]{20,}/g },
  { name: "google-api-key", hints: ["AIza"], re: /\bAIza[0-9A-Za-z_-]{35}/g },
  { name: "google-oauth", hints: ["ya29.", "GOCSPX-", "1//0"], re: /\b(?:ya29\.[0-9A-Za-z_-]{20,}|GOCSPX-[0-9A-Za-z_-]{20,}|1\/\/0[0-9A-Za-z_-]{30,})/g },
  { name: "npm", hints: ["npm_"], re: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { name: "pypi", hints: ["pypi-"], re: /\bpypi-AgE[A-Za-z0-9_-]{40,}/g },
  { name: "sendgrid", hints: ["SG."], re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { name: "twilio-key", hints: ["SK"], re: /\bSK[0-9a-fA-F]{32}\b/g },
  { name: "huggingface", hints: ["hf_", "api_org_"], re: /\b(?:hf_|api_org_)[A-Za-z0-9]{30,}/g },
  { name: "digitalocean", hints: ["_v1_"], re: /\bdo[opr]_v1_[a-f0-9]{64}\b/g },
  { name: "shopify", hints: ["shp"], re: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g },
  { name: "linear", hints: ["lin_"], re: /\blin_(?:api|oauth)_[A-Za-z0-9]{32,}/g },
  { name: "notion", hints: ["secret_", "ntn_"], re: /\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b/g },
  { name: "databricks", hints: ["dapi"], re: /\bdapi[a-f0-9]{32}(?:-\d)?\b/g },
  { name: "groq", hints: ["gsk_"], re: /\bgsk_[A-Za-z0-9]{40,}/g },
  { name: "xai", hints: ["xai-"], re: /\bxai-[A-Za-z0-9]{40,}/g },
  { name: "replicate", hints: ["r8_"], re: /\br8_[A-Za-z0-9]{30,}/g },
  { name: "grafana", hints: ["glsa_", "glc_"], re: /\b(?:glsa_[A-Za-z0-9_]{32,}|glc_[A-Za-z0-9+/=_-]{32,})/g },
  { name: "onepassword", hints: ["ops_"], re: /\bops_[A-Za-z0-9+/=_-]{40,}/g },
  { name: "vault", hints: ["hvs.", "hvb.", "hvr."], re: /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/g },
  { name: "postman", hints: ["PMAK-"], re: /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g },
  { name: "newrelic", hints: ["NRAK-"], re: /\bNRAK-[A-Z0-9]{27}\b/g },
  { name: "doppler", hints: ["dp."], re: /\bdp\.(?:st|pt|ct|sa|scim|audit)\.[A-Za-z0-9_-]{20,}/g },
  { name: "mailgun", hints: ["key-"], re: /\bkey-[a-f0-9]{32}\b/g },
  { name: "square", hints: ["sq0", "EAAA"], re: /\b(?:sq0atp|sq0csp|EAAA)[A-Za-z0-9_-]{22,}/g },
  // Telegram bot tokens (`bot123:AA…` in an API URL too, so no word boundary before the digits)
  { name: "telegram-bot", hints: [":AA"], re: /(?<![0-9])\d{6,12}:AA[A-Za-z0-9_-]{30,40}(?![A-Za-z0-9_-])/g },
  { name: "twitch-oauth", hints: ["oauth:"], re: /\boauth:[a-z0-9]{30}\b/g, random: tail(/^oauth:/) },
  // Discord's legacy user tokens with two-factor: `mfa.` and a long base64 tail
  { name: "discord-mfa", hints: ["mfa."], re: /\bmfa\.[A-Za-z0-9_-]{20,}/g, random: tail(/^mfa\./) },
  { name: "age", hints: ["AGE-SECRET-KEY-1"], re: /\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b/g },
  { name: "discord-bot", hints: ["."], re: /(?<![A-Za-z0-9_-])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,45}(?![A-Za-z0-9_-])/g },
  { name: "jwt", hints: ["eyJ"], re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // The reference's 3-segment token; it must look random, so dotted test paths
  // (`tests.capture.redaction_of_headers_suite.test_bearer`) stay.
  // (Anchored at the start of a run, so a long run without dots is tried once, not at every offset.)
  // A dotted name made of words (`authentication_middleware.TokenRefreshBehaviour.test_expired_tokens`) stays.
  { name: "three-segment", hints: ["."], re: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{24,}\.[A-Za-z0-9_-]{12,}\.[A-Za-z0-9_-]{12,}/g, random: (m) => (isDottedName(m) ? "" : m) },
];

/**
 * A dotted identifier of words, not a token: no digits, and each part splits
 * (at `_`, `-` and case changes) into words of four letters on average. Random
 * base64 without digits changes case every two letters or so.
 */
export function isDottedName(s: string): boolean {
  if (/[0-9]/.test(s)) return false;
  const words = s.split(/[._-]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  return words.length > 0 && s.replace(/[._-]/g, "").length / words.length >= 4;
}

/** URLs whose path is the secret (incoming webhooks); `https:/` too, as path normalisation leaves it in a cwd. */
export const SECRET_URLS: readonly RegExp[] = [
  /\bhttps?:\/\/?hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+/gi,
  /\bhttps?:\/\/?(?:[a-z]+\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/gi,
  /\bhttps?:\/\/?[a-z0-9.-]*webhook\.office\.com\/[A-Za-z0-9@/_-]+/gi,
];
