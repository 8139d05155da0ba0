// Secrets that only their context gives away: headers, URL credentials,
// command-line arguments, `name=value` assignments, and prose ("my password is
// hunter2"). Each rule replaces the secret part only and keeps the rest of the
// text, and each leaves ordinary text alone: a value must look like a secret
// (see entropy.ts) wherever the context alone would also match plain words.
import { highEntropyValue, looksRandom } from "./entropy.js";
import { isSecretName, nameTokens } from "./secret-names.js";

export const MASK = "[REDACTED]";

/** Values that are never secrets themselves: flags, placeholders, references. */
const PLACEHOLDER = /^(?:true|false|null|nil|none|undefined|yes|no|on|off|required|optional|empty|redacted|\*+|x{3,}|\.{3}|…|<[^>]*>|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|\{\{[^}]*\}\})$/i;

// Words that follow "password is", "token:" … in prose and docs, not secrets.
const NOT_A_SECRET: ReadonlySet<string> = new Set(
  "a an the not too very still now also just correct incorrect wrong required optional invalid valid empty missing set unset stored saved expired hidden shown same different changed reset strong weak short long secure insecure in on at for of to from with by here there below above this that it used needed ok okay fine good bad out and or is was be field manager policy prompt".split(
    " ",
  ),
);

// Elided examples in docs: `sk-ant-...`, `ghp_xxxx…`.
const ELIDED = /(?:\.{3}|…)$|x{4,}|X{4,}/;
// Code, not a literal: `args[++i]`, `process.cwd();`, `parsed.apiKey`, `restoredModel`, `await …`.
const EXPRESSION = /^(?:[A-Za-z_$][\w$.]*\s*[([]|[A-Za-z_$]+(?:\.[A-Za-z_$]+)+[;,)]*$|[a-z]+(?:[A-Z][a-z]+)+[;,)]*$|(?:await|new|this|function|async|return|require|import|typeof|void)\b)/;

/**
 * An assigned value worth masking: holds a letter or digit, is no placeholder,
 * no elided example and no plain word of prose — and, unless the name is an
 * environment variable's (`DB_PASS=…`, where code does not stand), no code.
 */
export function isSecretValue(v: string, envName = false): boolean {
  const core = v.replace(/^["'`]+|["'`]+$/g, "");
  if (!/[A-Za-z0-9]/.test(core) || core.startsWith("<") || PLACEHOLDER.test(core) || NOT_A_SECRET.has(core.toLowerCase())) return false;
  return !ELIDED.test(core) && (envName || !EXPRESSION.test(core));
}

// Authorization header values: an auth scheme and its credentials, or one token that looks generated.
const AUTH_SCHEME = /^(?:bearer|basic|digest|token|bot|negotiate|ntlm|apikey|api-key|key|oauth|ssws|aws4-hmac-sha256|splunk|jwt|dpop|hmac|sharedkey|sharedaccesssignature|gateway-key)\s+\S/i;
const AUTH_HEADER = /\b((?:proxy-)?authorization)(["']?\s*[:=]\s*["']?)([^\r\n"'`]+)/gi;
const BEARER = /\b(bearer\s+)([A-Za-z0-9._~+/=-]{12,})/gi;
const COOKIE_HEADER = /\b((?:set-)?cookie)(["']?\s*:\s*["']?)([^\r\n"'`]+)/gi;
// `scheme://user:pass@`, `redis://:pass@`, and `postgres:/u:p@h` (a URL that path normalisation folded).
// (Bounded runs keep every rule linear on long strings without separators: see the adversarial test.)
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]{0,31}:\/\/?)[^\s/@:"'`]{0,128}:[^\s/"'`]{1,128}@/gi;

function authValue(m: string, name: string, sep: string, v: string): string {
  const word = v.trim().split(/\s+/)[0] ?? "";
  return AUTH_SCHEME.test(v.trim()) || looksRandom(word) ? name + sep + MASK : m;
}

// Every cookie of a Cookie (or Set-Cookie) header: names stay, values go (a value holds no
// whitespace, so a command that follows the header is left for its own rules).
const cookieValues = (m: string, name: string, sep: string, v: string): string =>
  name + sep + v.replace(/([^\s=;,]+)=([^;,\s]*)/g, (pair: string, k: string, val: string) => (val.trim() && !PLACEHOLDER.test(val.trim()) ? `${k}=${MASK}` : pair));

// `--password x`, `--api-key=x`, `--cookie "a=b; c=d"`: a long option whose name is a secret name.
const LONG_OPTION = /(^|[\s"'(])(--[A-Za-z][A-Za-z0-9_-]*)(=|[ \t]+)("[^"\r\n]*"|'[^'\r\n]*'|[^\s"'|;&<>()]+)/g;
// `curl -u user:pass`, `--user user:pass`, `-uuser:pass` (a uid:gid pair stays).
const USER_PASS = /(^|\s)(-u|-U|--user|--proxy-user)(\s*|=)(["']?)([^\s:"']+):([^\s"']+)/g;
// `aws configure set aws_secret_access_key SECRET` and its like.
const CONFIGURE_SET = /\b(configure\s+set\s+)([A-Za-z0-9_.-]+)(\s+)([^\s"']+)/g;

// An option's value: quoted (a password may hold spaces) or one word that is not itself an option.
const V = `("[^"\\r\\n]*"|'[^'\\r\\n]*'|[^\\s"'-][^\\s"']*)`;
const opt = (before: string, after = ""): RegExp => new RegExp(`(${before})${V}${after}`, "g");

// Commands whose options or arguments carry a password (with the words one of which their line holds,
// in lower case: plain substrings, so a line without them compiles no pattern),
// the command's segment, and the part before the value (group 1) and the value (group 2).
const SHORT_PASSWORD: readonly [string[], RegExp, RegExp][] = [
  // openssl -pass pass:SECRET (env:/file: name a place, not the secret)
  [["openssl"], /\bopenssl\b[^\n;|&]*/g, /(\s-(?:pass|passin|passout|k)\s+(?:pass:)?)((?!env:|file:|fd:|stdin)[^\s"']+)/g],
  // mysql family, sshpass, mongo, docker login: -pSECRET or -p SECRET (mysql's -P is the port)
  [["mysql", "mariadb", "mongo", "sshpass", "login"], /\b(?:mysql\w*|mariadb[\w-]*|mongo\w*|sshpass|(?:docker|podman|nerdctl|helm\s+registry)\s+login)\b[^\n;|&]*/g, opt("\\s-p\\s*")],
  // zip/unzip/sqlcmd -P SECRET
  [["zip", "sqlcmd", "bcp"], /\b(?:zip|unzip|sqlcmd|bcp)\b[^\n;|&]*/g, opt("\\s-P\\s+")],
  // 7z -pSECRET
  [["7z", "rar"], /\b(?:7z|7za|7zr|rar|unrar)\b[^\n;|&]*/g, opt("\\s-p")],
  [["redis-cli"], /\bredis-cli\b[^\n;|&]*/g, opt("\\s-a\\s+")],
  // ssh-keygen -N NEW / -P OLD: passphrases
  [["ssh-keygen"], /\bssh-keygen\b[^\n;|&]*/g, opt("\\s-[NP]\\s*")],
  // ldapsearch/ldapmodify … -w BINDPW
  [["ldap"], /\bldap\w*\b[^\n;|&]*/g, opt("\\s-w\\s+")],
  // smbclient, rpcclient, net … -U user%PASSWORD
  [["-u", "--user"], /\b(?:smbclient|rpcclient|smbcacls|smbmap|net|winexe|pth-\w+)\b[^\n;|&]*/g, /(\s(?:-U|--user(?:name)?)[=\s]*["']?[^\s%"']+%)([^\s"']+)/g],
  // lftp -u user,PASSWORD
  [["lftp"], /\blftp\b[^\n;|&]*/g, /(\s-u\s+["']?[^\s,"']+,)([^\s"']+)/g],
  // rabbitmqctl add_user NAME PASSWORD, change_password NAME PASSWORD
  [["rabbitmqctl"], /\brabbitmqctl\b[^\n;|&]*/g, opt("\\b(?:add_user|change_password)\\s+\\S+\\s+")],
  // sqlplus user/PASSWORD@db (and the first argument user/PASSWORD)
  [["sqlplus", "sqlldr", "expdp", "impdp", "rman"], /\b(?:sqlplus|sqlldr|expdp|impdp|rman)\b[^\n;|&]*/g, /(\s["']?[A-Za-z0-9_$#]+\/)([^\s@"'/]+)(?=@|["']?\s*$)/g],
  // xfreerdp / rdesktop: /p:PASSWORD, -p PASSWORD
  [["rdp", "rdesktop"], /\b(?:x?freerdp\w*|wlfreerdp|rdesktop)\b[^\n;|&]*/g, /(\s(?:\/p(?:assword)?:|-p\s+))([^\s"']+)/g],
];

// htpasswd -b[c] FILE USER PASSWORD, htpasswd -nb USER PASSWORD: the last argument in batch mode.
const HTPASSWD = /\bhtpasswd\s+(?:-\w+\s+)*-\w*b\w*(?:\s+-\w+)*(?:\s+[^\s;|&]+){1,2}\s+("[^"\r\n]*"|'[^'\r\n]*'|[^\s;|&]+)/g;

// Single-dash long options named for a secret: keytool -storepass, -keypass, -srcstorepass, influx -password.
const DASH_OPTION = /(^|[\s"'(])(-[A-Za-z][A-Za-z0-9_]{1,40})([ \t]+|=|:)("[^"\r\n]*"|'[^'\r\n]*'|[^\s"'|;&<>()]+)/g;
const DASH_SECRET = /(?:pass|password|passwd|passphrase|secret|token|apikey)$/i;

function shortPasswords(s: string, lower: string): string {
  let out = s;
  for (const [hints, cmd, optRe] of SHORT_PASSWORD) {
    if (!hints.some((h) => lower.includes(h))) continue;
    out = out.replace(cmd, (seg: string) => seg.replace(optRe, (_m: string, pre: string) => pre + MASK));
  }
  if (lower.includes("htpasswd")) out = out.replace(HTPASSWD, (m: string, v: string) => m.slice(0, m.length - v.length) + MASK);
  return out;
}

function dashOptions(s: string): string {
  return s.replace(DASH_OPTION, (m: string, pre: string, flag: string, sep: string, v: string) => {
    const name = flag.slice(1);
    if (!DASH_SECRET.test(name) || /(?:by|com|over|under)pass$/i.test(name) || /^(?:env|file|fd):|^stdin$/.test(v) || v.startsWith("-") || !isSecretValue(v)) return m;
    return `${pre}${flag}${sep}${MASK}`;
  });
}

function cliArguments(s: string, lower: string): string {
  let out = s;
  if (lower.includes("configure")) out = out.replace(CONFIGURE_SET, (m: string, pre: string, key: string, sp: string, v: string) => (isSecretName(key) && isSecretValue(v) ? `${pre}${key}${sp}${MASK}` : m));
  // each command's own rule runs where its name occurs (rabbitmqctl, sqlplus and xfreerdp need no dash)
  out = shortPasswords(out, lower);
  // every rule below needs an option: a dash at the start of a word
  if (!/(?:^|[\s"'(])-/.test(out)) return out;
  out = out.replace(LONG_OPTION, (m: string, pre: string, flag: string, sep: string, v: string) => {
    if (!isSecretName(flag.slice(2)) || v.startsWith("-") || !isSecretValue(v)) return m;
    const q = v[0] === '"' || v[0] === "'" ? v[0] : "";
    return `${pre}${flag}${sep}${q}${MASK}${q}`;
  });
  out = out.replace(USER_PASS, (m: string, pre: string, flag: string, sep: string, q: string, user: string, pass: string) => (/^\d+$/.test(user) && /^\d+$/.test(pass) ? m : `${pre}${flag}${sep}${q}${user}:${MASK}`));
  return dashOptions(out);
}

// `name = value`, `"name": "value"`, `export NAME=value`. The value of a secret
// name is masked; any other value only when it looks generated (entropy). The
// name and separator are found first and the value read only where needed, so
// long runs such as `a=a=a=…` cost linear time.
const NAME_SEP = /\b([A-Za-z_][A-Za-z0-9_.-]{0,127})(["']?[ \t]{0,8}[:=][ \t]{0,8}["']?)/g;
const VALUE = /[^\s"'`&;,[][^\s"'`&;,]{0,1023}/y;
const TOKEN_RUN = /[A-Za-z0-9+/_-]{20,512}={0,2}/y;
// Names whose values are identifiers or digests, never secrets, however random they look.
const PUBLIC_LAST: ReadonlySet<string> = new Set("id ids uuid guid oid sha sha1 sha256 sha512 md5 hash digest checksum etag integrity commit rev revision ref version path file dir url uri href src class style type name".split(" "));
const isPublicName = (key: string): boolean => PUBLIC_LAST.has(nameTokens(key).pop() ?? "");

const stickyAt = (re: RegExp, s: string, at: number): string => {
  re.lastIndex = at;
  return re.exec(s)?.[0] ?? "";
};

function assignments(s: string): string {
  let out = "";
  let last = 0;
  NAME_SEP.lastIndex = 0;
  for (let m = NAME_SEP.exec(s); m; m = NAME_SEP.exec(s)) {
    const [, key, sep] = m;
    const valueAt = m.index + key.length + sep.length;
    let masked = "";
    if (isSecretName(key)) {
      // An earlier rule may have masked part of the value (`…=Wq7…/REDIS=redis://[REDACTED]@…`):
      // what stands before that mask is judged, unless it is just a name (`sid=` of a cookie).
      const value = stickyAt(VALUE, s, valueAt);
      const maskAt = value.indexOf(MASK);
      const v = maskAt >= 0 ? value.slice(0, maskAt) : value;
      // a Cookie header's list (`a=b; c=d`) was judged pair by pair by the header rule
      const cookieList = /^(?:set-)?cookies?$/i.test(key) && v.includes("=");
      if (v && !cookieList && !(maskAt >= 0 && /(?:^|[=:])$/.test(v)) && isSecretValue(v, !/[a-z]/.test(key)) && !startsSentence(s, valueAt, v)) masked = v;
    } else if (!isPublicName(key)) {
      let head = stickyAt(TOKEN_RUN, s, valueAt);
      // `…Ac/SSHPASS=x`: the `=` was no padding but the next name's separator; keep that name out of the run
      if (head.endsWith("=") && /[A-Za-z0-9_]/.test(s[valueAt + head.length] ?? "")) head = head.slice(0, Math.max(0, head.lastIndexOf("/")));
      if (head && highEntropyValue(head)) masked = head;
    }
    if (masked) {
      out += s.slice(last, valueAt) + MASK;
      last = valueAt + masked.length;
    }
    // Not a secret: the value may itself hold one (`note: SECRET_KEY=…`), so look again from it.
    NAME_SEP.lastIndex = masked ? last : valueAt;
  }
  return last === 0 ? s : out + s.slice(last);
}

// Prose: "my password is hunter2", "password hunter2", "the api key was Xy12…".
const PROSE = /\b(password|passwd|passphrase|passcode|pin|pwd|pw|secret|api[ _-]?key|access[ _-]?key|token|credentials?)(\s+(?:is|was|will be|would be|should be|is now|=|:)\s+|\s+)(["'`]?)([^\s"'`]+)/gi;
const PROSE_HINT = /pass|pin|pw|secret|key|token|credential/;
function prose(s: string): string {
  return s.replace(PROSE, (m: string, word: string, sep: string, q: string, v: string, offset: number) => {
    const value = v.replace(/[.,;:!?)>\]}]+$/, "");
    if (!/^[A-Za-z0-9]/.test(value) || /^https?:/i.test(value)) return m;
    if (!isSecretValue(value) || startsSentence(s, offset + m.length - v.length, value)) return m;
    const verb = sep.trim() !== "";
    // with "is"/"was" any word but a plain one; without, only what looks like a password (hunter2, Sw0rdf1sh)
    const secretish = verb ? value.length >= 3 : value.length >= 5 && /[A-Za-z]/.test(value) && /[0-9]/.test(value);
    return secretish ? `${word}${sep}${q}${MASK}${v.slice(value.length)}` : m;
  });
}

/**
 * A plain lower-case word that more words of prose follow ("token: refreshed on
 * every request", "password: must be rotated"): the label begins a sentence, and
 * what follows it is English, not a value. A lone word (`password: letmein`) is
 * still a value.
 */
function startsSentence(s: string, at: number, value: string): boolean {
  if (!/^[a-z]{2,20}$/.test(value)) return false;
  return /^[ \t]+[a-z]{2,}[ \t]+[A-Za-z0-9]/.test(s.slice(at + value.length, at + value.length + 64));
}

/**
 * The value of a secret-named payload key that is no secret: a boolean or null
 * (`"password_required": true`), a placeholder, or a sentence
 * (`"Authorization": "required for all admin endpoints"`), but no sentence
 * under a password's or a secret's own name. Anything else under such a key
 * is masked, as §6.2 says.
 */
export function isInnocentValue(v: unknown, key = ""): boolean {
  if (typeof v === "boolean" || v === null) return true;
  if (typeof v !== "string") return false;
  const t = v.trim();
  if (PLACEHOLDER.test(t)) return true;
  // a passphrase may well be a sentence ("the cat sat on the mat"): under such a name only flags and placeholders stay
  if (/pass|pwd|secret|credential|private/i.test(key)) return false;
  const words = t.split(/\s+/);
  // at least three words of letters, two of them the small words of English sentences
  if (words.length < 3 || !words.every((w) => /^[A-Za-z][a-z]*[.,;:!?]?$/.test(w))) return false;
  return words.filter((w) => FUNCTION_WORDS.has(w.replace(/[.,;:!?]$/, "").toLowerCase())).length >= 2;
}

const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  "a an the for all to of in on at by with from and or not no is are was were be been must should will can may required optional every each any some this that these those it its only when if".split(" "),
);

const CONTEXT_CHARS = /[\s:=@]/;

/** The context rules, in order: CLI arguments, headers, URL credentials, prose, assignments. */
export function scrubContext(s: string): string {
  // Every rule needs whitespace, ":", "=" or "@" (a separator, an option's space,
  // a header's colon, a URL's "@"): a string with none of them (a path, an id, a
  // tool name) has nothing for them, and costs one test (most hook fields).
  return CONTEXT_CHARS.test(s) ? contextRules(s) : s;
}

/** The context rules themselves, on any string (scrubContext skips the strings they cannot change; a test holds them to that). */
export function contextRules(s: string): string {
  // Each rule runs only where the text it needs occurs (masking never adds such text).
  const lower = s.toLowerCase();
  // command lines first: a header's value runs to the end of the line and could hide the option before a password
  let out = cliArguments(s, lower);
  if (lower.includes("authorization")) out = out.replace(AUTH_HEADER, authValue);
  if (lower.includes("bearer")) out = out.replace(BEARER, (m: string, pre: string, tok: string) => (looksRandom(tok) ? pre + MASK : m));
  if (lower.includes("cookie")) out = out.replace(COOKIE_HEADER, cookieValues);
  if (out.includes("@")) out = out.replace(URL_CREDENTIALS, `$1${MASK}@`);
  // prose before assignments: a generated-looking value just before it must not swallow "password is"
  if (PROSE_HINT.test(lower)) out = prose(out);
  return /[:=]/.test(out) ? assignments(out) : out;
}
