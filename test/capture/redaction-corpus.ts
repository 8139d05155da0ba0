// The secrets every redaction test looks for, and text that holds each of them
// in a form the redactor must catch. Shared by the capture store's tests and
// the export's --redact test, so a secret added here is checked by both.

export const SECRETS = {
  skProj: "sk-proj-AbCdEfGhIjKlMnOp1234",
  skAnt: "sk-ant-api03-ZyXwVuTsRqPoNmLk9876",
  ghp: "ghp_abcdefghijklmnopqrstuvwxyz0123",
  ghPat: "github_pat_11ABCDEFG0123456789_abcdefghijkl",
  slack: "xoxb-1234567890-abcdefghijkl",
  aws: "AKIAIOSFODNN7EXAMPLE",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
  pemBody: "MIIEpAIBAAKCAQEA7pemSecretBodyQQQ",
  bearer: "BearerTok3nXyZ0987654321abc",
  authKey: "dXNlcjpBdXRoS2V5VmFsdWU=",
  urlPass: "hunter2urlpass",
  cmdPass: "SuperSecretPw1",
  apiKey: "apikeyvalue-7788",
  accessToken: "accesstokenvalue-5566",
  clientSecret: "clientsecretvalue-3344",
  gitPass: "gitRemotePassw0rd",
};

export const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${SECRETS.pemBody}\n-----END RSA PRIVATE KEY-----`;

/** A user's prompt that holds every secret but the git remote's (that one lives in a git config). */
export const SECRET_PROMPT = [
  `No, actually use ${SECRETS.skProj} and ${SECRETS.skAnt}, not ${SECRETS.ghp} or ${SECRETS.ghPat}.`,
  `Slack ${SECRETS.slack}, aws ${SECRETS.aws}, jwt ${SECRETS.jwt}`,
  PEM,
  `curl -H "Authorization: Bearer ${SECRETS.bearer}" https://alice:${SECRETS.urlPass}@host.example.com/x password=${SECRETS.cmdPass}`,
  `api_key=${SECRETS.apiKey} access_token: ${SECRETS.accessToken} "client_secret": "${SECRETS.clientSecret}"`,
].join("\n");
