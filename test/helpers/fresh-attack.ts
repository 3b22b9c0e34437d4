// A fresh attack on the redaction rules (issue 37, round 3): secrets in forms the proof's contexts
// did not have when it was written — configuration files, connection strings, cookies, key
// material, signed URLs, webhooks, split and doubly-encoded text. Each case is one secret planted
// in one form; test/hostile/fresh-attack.test.ts sends every case through every way out of the
// proof. The families that leaked were then added to the proof's CONTEXTS.

/** One attack: the secret, and the error text (or details) it is planted in. */
export interface Attack {
  readonly name: string;
  /** The secret that must not cross, as it would be read (without invisible characters). */
  readonly secret: string;
  readonly text?: string;
  readonly details?: Record<string, unknown>;
}

const S = 'Zq8hunter2Pw9xRk7Lm'; // no format: only its context gives it away
const HEX64 = 'c9a1f7e2b4d6083a5e7f9c1b3d5a7e9f0b2c4d6e8f1a3b5c7d9e0f2a4b6c8d0e';
const B64 = (text: string): string => Buffer.from(text).toString('base64');
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbmEiLCJleHAiOjE4OTM0NTYwMDB9.' +
  'q3Vh1Zt8Xc2Ne7Rb5Lm9Pw4Ks6Jd0Fg1Ha3Yo7Ui2Te';
const STRIPE = 'sk_live_51Hq8ZkLm2Nv9Pw4Xr7Ty3Ub6Sc0De';
const HF = 'hf_QrStUvWxYzAbCdEfGhIjKlMnOpQrStUvWx';
const GITHUB_PAT = `github_pat_11ABCDEFG0${'a1B2c3D4e5'.repeat(2)}_${'Zq8hunter2Pw9xRk7Lm'.repeat(3)}ab`;
const PEM_BODY =
  'MIIEpAIBAAKCAQEAzq8hUnTeR2pW9xRk7LmQ4vB3nC6sD1fG5hJ8kL0mN2oP4qR6sT8u' +
  'V0wX2yZ4aB6cD8eF0gH2iJ4kL6mN8oP0qR2sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL2mN4';
const SSH_BODY =
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW' +
  'QyNTUxOQAAACBq8hUnTeR2pW9xRk7LmQ4vB3nC6sD1fG5hJ8kL0mN2oAAAAJhZq8hunter';

export const ATTACKS: readonly Attack[] = [
  // Configuration files
  {
    name: 'YAML mapping',
    secret: S,
    text: `config:\n  db:\n    host: db.test\n    password: ${S}\n`,
  },
  { name: 'YAML quoted token', secret: S, text: `auth:\n  token: "${S}"\n  user: ana` },
  { name: 'TOML', secret: S, text: `[database]\nhost = "db.test"\napi_key = "${S}"` },
  {
    name: 'env file export',
    secret: S,
    text: `export AWS_SECRET_ACCESS_KEY=${S}\nexport REGION=eu`,
  },
  { name: 'env assignment before a command', secret: S, text: `PGPASSWORD=${S} psql -h db app` },
  { name: '.netrc', secret: S, text: `machine api.test login ana password ${S}` },
  { name: 'Java properties', secret: S, text: `db.url=jdbc:h2:mem\ndb.password=${S}\n` },
  {
    name: 'kubeconfig user token',
    secret: S,
    text: `users:\n- name: ci\n  user:\n    token: ${S}`,
  },
  {
    name: 'Docker config auth',
    secret: B64(`ana:${S}`),
    text: `{"auths":{"ghcr.io":{"auth":"${B64(`ana:${S}`)}"}}}`,
  },
  // Connection strings
  {
    name: 'SQL Server connection string',
    secret: S,
    text: `Server=db;Database=app;User Id=sa;Password=${S};Encrypt=true`,
  },
  {
    name: 'JDBC URL',
    secret: S,
    text: `jdbc:postgresql://db:5432/app?user=ana&password=${S}&ssl=true`,
  },
  {
    name: 'MongoDB SRV URI',
    secret: S,
    text: `connect failed: mongodb+srv://ana:${S}@cluster0.test/app?retryWrites=true`,
  },
  { name: 'Redis URL without user', secret: S, text: `redis://:${S}@cache.test:6379/0 refused` },
  { name: 'AMQP URL', secret: S, text: `amqps://ana:${S}@mq.test/vhost closed` },
  // Headers and cookies
  {
    name: 'Basic auth base64',
    secret: B64(`ana:${S}`),
    text: `Authorization: Basic ${B64(`ana:${S}`)}`,
  },
  {
    name: 'Proxy-Authorization Basic',
    secret: B64(`ana:${S}`),
    text: `Proxy-Authorization: Basic ${B64(`ana:${S}`)}`,
  },
  { name: 'Cookie header', secret: S, text: `Cookie: theme=dark; session=${S}; lang=en` },
  { name: 'Set-Cookie header', secret: S, text: `Set-Cookie: sid=${S}; Path=/; HttpOnly; Secure` },
  { name: 'lower-case bearer', secret: S, text: `authorization: bearer ${S}` },
  { name: 'Authorization Token scheme', secret: S, text: `Authorization: Token ${S}` },
  {
    name: 'Digest response',
    secret: HEX64.slice(0, 32),
    text: `Authorization: Digest username="ana", nonce="n1", response="${HEX64.slice(0, 32)}"`,
  },
  // Key material
  {
    name: 'PEM RSA private key',
    secret: PEM_BODY.slice(0, 60),
    text: `key: -----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`,
  },
  {
    name: 'OpenSSH private key',
    secret: SSH_BODY.slice(20, 80),
    text: `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_BODY}\n-----END OPENSSH PRIVATE KEY-----`,
  },
  {
    name: 'GCP service-account JSON',
    secret: PEM_BODY.slice(0, 60),
    text: JSON.stringify({
      type: 'service_account',
      project_id: 'p',
      private_key_id: HEX64.slice(0, 40),
      private_key: `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----\n`,
      client_email: 'sa@p.iam.gserviceaccount.com',
    }),
  },
  {
    name: 'GCP private_key_id',
    secret: HEX64.slice(0, 40),
    text: `{"type":"service_account","private_key_id":"${HEX64.slice(0, 40)}"}`,
  },
  // Signed URLs and webhooks
  {
    name: 'AWS SigV4 query signature',
    secret: HEX64,
    text: `GET https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=${HEX64} 403`,
  },
  {
    name: 'Azure SAS sig',
    secret: 'q8hUnTeR2pW9xRk7LmQ4vB3nC6sD1fG5hJ8kL0mN2o%3D',
    text: `https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&se=2026-01-01&sp=r&sig=q8hUnTeR2pW9xRk7LmQ4vB3nC6sD1fG5hJ8kL0mN2o%3D failed`,
  },
  {
    name: 'GCS signed URL',
    secret: HEX64,
    text: `https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${HEX64}`,
  },
  {
    name: 'JWT in a URL fragment',
    secret: JWT.split('.')[2] as string,
    text: `redirected to https://app.test/cb#access_token=${JWT}&token_type=bearer`,
  },
  {
    name: 'JWT alone in a fragment',
    secret: JWT.split('.')[1] as string,
    text: `https://app.test/cb#${JWT}`,
  },
  // Tokens in new places
  { name: 'Stripe key in YAML', secret: STRIPE.slice(8), text: `stripe:\n  key: ${STRIPE}` },
  {
    name: 'HF token in a git remote',
    secret: HF.slice(3),
    text: `git push https://ana:${HF}@huggingface.co/ana/model failed`,
  },
  {
    name: 'GitHub fine-grained PAT in TOML',
    secret: GITHUB_PAT.slice(11),
    text: `[gh]\nauth = "${GITHUB_PAT}"`,
  },
  // Split and encoded text
  {
    name: 'token split by zero-width spaces',
    secret: S,
    text: `password=${S.slice(0, 8)}\u200b${S.slice(8)}`,
  },
  { name: 'key word split by a soft hyphen', secret: S, text: `pass\u00adword: ${S}` },
  {
    name: 'percent-encoded twice',
    secret: S,
    text: `next=https%253A%252F%252Fa.test%252F%253Fapi_key%253D${S}`,
  },
  {
    name: 'nested redirect, encoded once',
    secret: S,
    text: `redirect_uri=https%3A%2F%2Fa.test%2Fcb%3Faccess_token%3D${S}%26x%3D1`,
  },
  {
    name: 'HTML entities around JSON',
    secret: S,
    text: `<pre>{&quot;api_key&quot;:&quot;${S}&quot;}</pre>`,
  },
  { name: 'HTML numeric entity for =', secret: S, text: `password&#61;${S}` },
  {
    name: 'base64 of user:pass under credentials',
    secret: B64(`ana:${S}`),
    details: { credentials: B64(`ana:${S}`) },
  },
  { name: 'YAML text under details', secret: S, details: { config: `db:\n  password: ${S}\n` } },
];
