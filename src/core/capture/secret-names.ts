// Which names hold secrets: payload keys (§6.2, the reference's rule, kept for
// compatibility) and, stricter, names in text (`DB_PASS=…`, `--api-key x`,
// `aws configure set aws_secret_access_key …`), where a false positive alters
// what the user wrote (`password_required: true`, `credential.helper=store`).

const SECRET_TOKENS: ReadonlySet<string> = new Set(["authorization", "bearer", "password", "passwd", "passphrase", "secret", "secrets", "cookie", "cookies", "apikey", "privatekey", "accesskey", "credential", "credentials"]);
const SECRET_PAIRS: ReadonlySet<string> = new Set(["api key", "private key", "access key", "account key", "secret key", "signing key", "encryption key", "master key", "client key", "auth key", "session key"]);
// One word that ends in a secret noun: PGPASSWORD, clientsecret, MYAPIKEY.
const SECRET_SUFFIX = /(?:password|passwd|passphrase|secret|apikey)$/;
// What may follow a secret word in a name and still name the secret itself.
const PASS_WORD = /^(?:ssh|pg|db|root|admin|user|my|smb|ldap|ftp|smtp|mail|vnc|rdp|redis|mongo|mysql|wifi|wpa|store|key|sudo|login|vault)pass$/;
const SECRET_NOUNS: ReadonlySet<string> = new Set(["key", "keys", "value", "token", "str", "string", "b64", "base64", "hex", "raw", "plain", "hash", "env", "var"]);

/** `apiKey`/`APIKey` → api key; split on non-alphanumerics; lower-case. */
export function nameTokens(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

const strong = (t: string): boolean => SECRET_TOKENS.has(t) || SECRET_SUFFIX.test(t);

/** §6.2: whole key tokens. `max_tokens` is not a secret, `GITHUB_TOKEN` is. */
export function isSecretKey(key: string): boolean {
  const tokens = nameTokens(key);
  if (tokens.length === 0) return false;
  for (let i = 0; i < tokens.length; i++) {
    if (strong(tokens[i])) return true;
    if (i > 0 && SECRET_PAIRS.has(tokens[i - 1] + " " + tokens[i])) return true;
  }
  return tokens[tokens.length - 1] === "token";
}

/**
 * A name in text that holds a secret: the secret word must be the name's last
 * word, or be followed only by words like key/value/hash (`SECRET_KEY`,
 * `password_hash`), so `password_required`, `cookie_consent_banner` and
 * `credential.helper` are names about a secret, not secrets.
 */
export function isSecretName(key: string): boolean {
  const tokens = nameTokens(key);
  const n = tokens.length;
  if (n === 0) return false;
  const last = tokens[n - 1];
  if (strong(last) || last === "token" || last === "sig") return true;
  if (n >= 2 && (last === "pass" || last === "pwd" || last === "pw")) return true;
  // one word ending in "pass" that names a password (SSHPASS, PGPASS, DBPASS), not bypass or compass
  if (n === 1 && PASS_WORD.test(last)) return true;
  if (n >= 2 && SECRET_PAIRS.has(tokens[n - 2] + " " + last)) return true;
  if (!SECRET_NOUNS.has(last)) return false;
  return tokens.slice(0, -1).some((t) => strong(t) || t === "token");
}
