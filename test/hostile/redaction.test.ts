// Secrets planted the way they reach error messages and details, and what must survive redaction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, isSensitiveKey, redactString, sanitizeMessage, toJsonSafe } from 'agent-errors';
import { SECRET_FORMATS, SECRET_FORMAT_NAMES } from '../../src/core/secret-formats.js';
import { SECRET_PATTERNS } from '../../src/core/redact.js';
import {
  ALNUM,
  FORMAT_SAMPLES,
  HEX,
  LETTERS,
  PEM_BODY,
  UPPER_ALNUM,
  body,
} from '../helpers/secret-samples.js';

interface Planted {
  /** What the format is. */
  name: string;
  /** The text the secret arrives in. */
  text: string;
  /** The bytes that must be gone. */
  secret: string;
  /** Text around the secret that must stay readable. */
  keep?: string[];
}

/** Plant `text` in a message, redact it, and check that the secret went and the words stayed. */
function expectRedacted({ text, secret, keep = [] }: Planted): void {
  const message = `upstream failed: ${text} (attempt 2)`;
  for (const out of [redactString(message), sanitizeMessage(message)]) {
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
    expect(out).toContain('upstream failed:');
    expect(out).toContain('(attempt 2)');
    for (const word of keep) expect(out).toContain(word);
  }
}

const AWS_SECRET = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${body(10)}`;
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.${body(43)}`;

// The formats of the brief, each counted once (existing ones at the end).
const FORMATS: Planted[] = [
  // AWS
  {
    name: 'aws_secret_access_key=',
    text: `aws_secret_access_key=${AWS_SECRET}`,
    secret: AWS_SECRET,
    keep: ['aws_secret_access_key='],
  },
  {
    name: 'SecretAccessKey in JSON',
    text: `{"SecretAccessKey": "${AWS_SECRET}"}`,
    secret: AWS_SECRET,
    keep: ['"SecretAccessKey"'],
  },
  {
    name: 'aws_session_token=',
    text: `aws_session_token=IQoJb3JpZ2luX2Vj${body(120, `${ALNUM}/+`)}`,
    secret: body(120, `${ALNUM}/+`),
  },
  { name: 'AWS STS session token alone', text: `token FwoGZXIvYXdz${body(80)}`, secret: body(80) },
  // Google
  { name: 'Google API key', text: `AIza${body(35, `${ALNUM}_-`)}`, secret: body(35, `${ALNUM}_-`) },
  {
    name: 'Google OAuth ya29.',
    text: `ya29.${body(60, `${ALNUM}_-`)}`,
    secret: body(60, `${ALNUM}_-`),
  },
  // URL query secrets
  {
    name: 'sig=',
    text: `https://acct.blob.core.windows.net/c/b?sv=2022-11-02&sig=${body(40)}%3D`,
    secret: body(40),
    keep: ['sv=2022-11-02', '&sig='],
  },
  {
    name: 'X-Amz-Signature=',
    text: `https://b.s3.amazonaws.com/k?X-Amz-Expires=60&X-Amz-Signature=${body(64, HEX)}`,
    secret: body(64, HEX),
    keep: ['X-Amz-Expires=60'],
  },
  {
    name: 'X-Amz-Credential=',
    text: `https://b.s3.amazonaws.com/k?X-Amz-Credential=${body(20, UPPER_ALNUM)}%2F20240101%2Fus-east-1`,
    secret: body(20, UPPER_ALNUM),
  },
  {
    name: 'X-Goog-Signature=',
    text: `https://storage.googleapis.com/b/o?X-Goog-Date=1&X-Goog-Signature=${body(64, HEX)}`,
    secret: body(64, HEX),
  },
  {
    name: 'key=',
    text: `https://maps.example.com/api?key=${body(30)}&q=x`,
    secret: body(30),
    keep: ['&q=x'],
  },
  { name: 'api_key=', text: `https://api.example.com/v1?api_key=${body(30)}`, secret: body(30) },
  {
    name: 'access_token=',
    text: `https://graph.example.com/me?access_token=${body(30)}`,
    secret: body(30),
  },
  {
    name: 'auth_token=',
    text: `https://api.example.com/x?auth_token=${body(30)}`,
    secret: body(30),
  },
  {
    name: 'code=',
    text: `https://app.example.com/cb?code=${body(30)}&state=xyz`,
    secret: body(30),
    keep: ['state=xyz'],
  },
  {
    name: 'client_secret=',
    text: `https://id.example.com/token?client_id=app&client_secret=${body(30)}`,
    secret: body(30),
    keep: ['client_id=app'],
  },
  {
    name: 'password=',
    text: `https://x.example.com/login?user=ana&password=${body(12)}`,
    secret: body(12),
    keep: ['user=ana'],
  },
  { name: 'token=', text: `https://x.example.com/feed?token=${body(30)}`, secret: body(30) },
  // Fragment secrets
  {
    name: '#access_token=',
    text: `https://app.example.com/cb#access_token=${body(30)}&token_type=bearer`,
    secret: body(30),
  },
  { name: '#id_token=', text: `https://app.example.com/cb#id_token=${body(30)}`, secret: body(30) },
  // Header lines
  {
    name: 'Cookie:',
    text: `Cookie: sid=${body(24)}; theme=dark`,
    secret: body(24),
    keep: ['Cookie:'],
  },
  {
    name: 'Set-Cookie:',
    text: `Set-Cookie: session=${body(24)}; Path=/; HttpOnly`,
    secret: body(24),
    keep: ['Set-Cookie:'],
  },
  {
    name: 'Authorization: token …',
    text: `Authorization: token ${body(40, HEX)}`,
    secret: body(40, HEX),
    keep: ['Authorization: token '],
  },
  {
    name: 'Authorization: <anything>',
    text: `Authorization: ${body(40)}`,
    secret: body(40),
    keep: ['Authorization:'],
  },
  {
    name: 'X-Api-Key:',
    text: `X-Api-Key: ${body(32, HEX)}`,
    secret: body(32, HEX),
    keep: ['X-Api-Key:'],
  },
  // Private keys
  {
    name: 'PGP private key block',
    text: `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${PEM_BODY}\n-----END PGP PRIVATE KEY BLOCK-----`,
    secret: PEM_BODY,
  },
  {
    name: 'OpenSSH private key',
    text: `-----BEGIN OPENSSH PRIVATE KEY-----\n${PEM_BODY}\n-----END OPENSSH PRIVATE KEY-----`,
    secret: PEM_BODY,
  },
  // URLs
  {
    name: 'https://TOKEN@host',
    text: `https://${body(32, HEX)}@api.example.com/v1`,
    secret: body(32, HEX),
    keep: ['@api.example.com/v1'],
  },
  {
    name: 'password with @ and /',
    text: 'postgres://u:p@ss/w@db.internal:5432/app',
    secret: 'p@ss/w',
    keep: ['postgres://u:', '@db.internal:5432/app'],
  },
  {
    name: 'Slack webhook',
    text: `https://hooks.slack.com/services/T0${body(8, UPPER_ALNUM)}/B0${body(8, UPPER_ALNUM)}/${body(24)}`,
    secret: body(24),
    keep: ['hooks.slack.com/services/'],
  },
  {
    name: 'Sentry DSN',
    text: `https://${body(32, HEX, 5)}@o123456.ingest.sentry.io/1234567`,
    secret: body(32, HEX, 5),
    keep: ['@o123456.ingest.sentry.io/1234567'],
  },
  // Token prefixes
  { name: 'Hugging Face hf_', text: `hf_${body(34, LETTERS)}`, secret: body(34, LETTERS) },
  { name: 'npm npm_', text: `npm_${body(36)}`, secret: body(36) },
  {
    name: 'GitLab glpat-',
    text: `glpat-${body(20, `${ALNUM}_-`)}`,
    secret: body(20, `${ALNUM}_-`),
  },
  {
    name: 'Stripe/Svix whsec_',
    text: `whsec_${body(32, `${ALNUM}+/`)}`,
    secret: body(32, `${ALNUM}+/`),
  },
  {
    name: 'Slack xapp-',
    text: `xapp-1-A0${body(9, UPPER_ALNUM)}-${body(13, '0123456789')}-${body(64, HEX)}`,
    secret: body(64, HEX),
  },
  { name: 'Slack xoxe-', text: `xoxe-1-${body(146, UPPER_ALNUM)}`, secret: body(146, UPPER_ALNUM) },
  {
    name: 'age AGE-SECRET-KEY-1',
    text: `AGE-SECRET-KEY-1${body(58, UPPER_ALNUM)}`,
    secret: body(58, UPPER_ALNUM),
  },
  { name: 'DigitalOcean dop_v1_', text: `dop_v1_${body(64, HEX)}`, secret: body(64, HEX) },
  { name: 'Shopify shpat_', text: `shpat_${body(32, HEX)}`, secret: body(32, HEX) },
  {
    name: 'PyPI pypi-',
    text: `pypi-AgEIcHlwaS5vcmc${body(70, `${ALNUM}_-`)}`,
    secret: body(70, `${ALNUM}_-`),
  },
  {
    name: 'SendGrid SG.',
    text: `SG.${body(22, `${ALNUM}_-`)}.${body(43, `${ALNUM}_-`, 11)}`,
    secret: body(43, `${ALNUM}_-`, 11),
  },
  { name: 'Stripe sk_live_', text: `sk_live_${body(24)}`, secret: body(24) },
  { name: 'Stripe rk_live_', text: `rk_live_${body(24)}`, secret: body(24) },
  {
    name: 'Azure AccountKey=',
    text: `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${body(86, `${ALNUM}+/`)}==;EndpointSuffix=core.windows.net`,
    secret: body(86, `${ALNUM}+/`),
    keep: ['AccountName=acct', 'EndpointSuffix=core.windows.net'],
  },
  // Formats recognised before this change
  { name: 'Bearer', text: `Bearer ${body(40)}`, secret: body(40), keep: ['Bearer '] },
  { name: 'Basic', text: 'Basic dXNlcjpodW50ZXIy', secret: 'dXNlcjpodW50ZXIy', keep: ['Basic '] },
  { name: 'OpenAI sk-', text: `sk-${body(48)}`, secret: body(48) },
  {
    name: 'Anthropic sk-ant-',
    text: `sk-ant-api03-${body(93, `${ALNUM}_-`)}AA`,
    secret: body(93, `${ALNUM}_-`),
  },
  { name: 'GitHub ghp_', text: `ghp_${body(36)}`, secret: body(36) },
  {
    name: 'GitHub github_pat_',
    text: `github_pat_${body(82, `${ALNUM}_`)}`,
    secret: body(82, `${ALNUM}_`),
  },
  { name: 'AWS AKIA', text: 'AKIAIOSFODNN7EXAMPLE', secret: 'IOSFODNN7EXAMPLE' },
  { name: 'AWS ASIA', text: `ASIA${body(16, UPPER_ALNUM)}`, secret: body(16, UPPER_ALNUM) },
  { name: 'JWT', text: JWT, secret: JWT.slice(3) },
  { name: 'Slack xoxb-', text: `xoxb-1234567890-1234567890-${body(24)}`, secret: body(24) },
  {
    name: 'RSA PEM',
    text: `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`,
    secret: PEM_BODY,
  },
  {
    name: 'URL user:password',
    text: `https://ana:${body(12)}@example.test/x`,
    secret: body(12),
    keep: ['https://ana:', '@example.test/x'],
  },
  {
    name: 'password= in prose',
    text: `password=${body(12)}`,
    secret: body(12),
    keep: ['password='],
  },
];

describe('secret formats', () => {
  it.each(FORMATS)('$name', (planted) => {
    expectRedacted(planted);
  });
});

describe('token formats (gitleaks prefixes)', () => {
  it('has a sample for every format', () => {
    expect(Object.keys(FORMAT_SAMPLES).sort()).toEqual([...SECRET_FORMAT_NAMES].sort());
  });

  it('names every format once (the names are a list aligned with the table by index)', () => {
    expect(SECRET_FORMAT_NAMES).toHaveLength(SECRET_FORMATS.length);
    expect(new Set(SECRET_FORMAT_NAMES).size).toBe(SECRET_FORMAT_NAMES.length);
  });

  it.each(Object.entries(FORMAT_SAMPLES))('%s', (name, sample) => {
    const out = redactString(`boom ${sample} done`);
    expect(out, name).toContain(REDACTED);
    // Nothing is left of the end of the sample, where the secret body is.
    expect(out, name).not.toContain(sample.slice(-16));
    expect(out).toMatch(/^boom .*done$/s);
  });

  it('keeps each value pattern usable with String.prototype.replace', () => {
    const byName = new Map(SECRET_PATTERNS.map((p) => [p.name, p]));
    const github = byName.get('github');
    expect(github && `a ghp_${body(36)} b`.replace(github.pattern, github.replace)).toBe(
      `a ${REDACTED} b`,
    );
    const jwt = byName.get('jwt');
    expect(jwt && `x ${JWT} y`.replace(jwt.pattern, jwt.replace)).toBe(`x ${REDACTED} y`);
    const scheme = byName.get('auth-scheme');
    expect(scheme && 'Bearer abcdefgh'.replace(scheme.pattern, scheme.replace)).toBe(
      `Bearer ${REDACTED}`,
    );
  });
});

describe('secrets glued to a word, URL-encoded or inside escaped JSON', () => {
  const GHP = `ghp_${body(36)}`;
  const cases: Planted[] = [
    { name: 'tokenghp_…', text: `token${GHP}`, secret: GHP.slice(4), keep: ['token'] },
    { name: 'xAKIA…', text: 'xAKIAIOSFODNN7EXAMPLE', secret: 'IOSFODNN7EXAMPLE' },
    { name: 'keysk-ant-…', text: `key${FORMAT_SAMPLES.anthropic}`, secret: body(93, `${ALNUM}_-`) },
    { name: 'glued JWT', text: `jwt${JWT}`, secret: JWT.slice(3), keep: ['jwt'] },
    { name: 'Bearer%20…', text: `Authorization=Bearer%20${body(30)}`, secret: body(30) },
    { name: 'Bearer+… (form-encoded)', text: `auth_header=Bearer+${body(30)}`, secret: body(30) },
    { name: 'token%3D…', text: `redirect=%2Fcb%3Ftoken%3D${body(30)}`, secret: body(30) },
    { name: 'password%3D…', text: `body=user%3Dana%26password%3D${body(12)}`, secret: body(12) },
    {
      name: 'Authorization after an escaped \\n in JSON',
      text: String.raw`{"raw":"GET / HTTP/1.1\nAuthorization: Bearer ${body(30)}\nHost: x"}`,
      secret: body(30),
      keep: [String.raw`\nHost: x`],
    },
    {
      name: 'Authorization: token after an escaped \\n',
      text: String.raw`"headers":"Accept: */*\nAuthorization: token ${body(40, HEX)}"`,
      secret: body(40, HEX),
    },
    {
      name: 'password after an escaped \\t',
      text: String.raw`"cfg":"a=1\tpassword=${body(12)}"`,
      secret: body(12),
    },
    { name: 'pin after an escaped \\n', text: String.raw`"form":"x\npin=4921"`, secret: '4921' },
    {
      name: 'escaped JSON key and value',
      text: String.raw`"{\"user\":\"ana\",\"password\":\"hunter 2 ${body(8)}\"}"`,
      secret: `hunter 2 ${body(8)}`,
      keep: [String.raw`\"user\":\"ana\"`],
    },
    {
      name: 'Cookie after an escaped \\n',
      text: String.raw`"h":"x\nCookie: sid=${body(20)}\n"`,
      secret: body(20),
    },
    {
      name: 'sk- after an escaped \\n',
      text: String.raw`"k":"\nsk-${body(30)}"`,
      secret: body(30),
    },
    {
      name: 'command-line flag',
      text: `ran: tool --password ${body(12)} --verbose`,
      secret: body(12),
      keep: ['--verbose'],
    },
    { name: 'homoglyph key in text', text: `pаssword=${body(12)}`, secret: body(12) },
    { name: 'full-width key in text', text: `ｐａｓｓｗｏｒｄ: ${body(12)}`, secret: body(12) },
    { name: 'DB_PASSWORD=', text: `DB_PASSWORD=${body(12)}`, secret: body(12) },
    {
      name: 'quoted value with spaces',
      text: `password: "correct horse ${body(6)}"`,
      secret: `correct horse ${body(6)}`,
    },
  ];

  it.each(cases)('$name', (planted) => {
    expectRedacted(planted);
  });
});

describe('key spellings', () => {
  // The spellings of the brief, each counted once.
  const SENSITIVE = [
    'session',
    'sid',
    'signature',
    'sig',
    'dsn',
    'DATABASE_URL',
    'connectionString',
    'conn_str',
    'mnemonic',
    'seed_phrase',
    'cvv',
    'cvc',
    'pw',
    'private_key',
    'client_secret',
    'x-api-key',
    'set-cookie',
    'pаssword', // Cyrillic а
    'ｐａｓｓｗｏｒｄ', // full-width
    'PASS_WORD',
    'pass-word',
    'Pass Word',
    'sessionToken',
    'session_secret',
    'sessionKey',
    // beyond the brief
    'SENTRY_DSN',
    'pаsswοrd', // Cyrillic а, Greek ο
    'ΡASSWORD', // Greek capital Rho
    'pass\u200bword', // zero-width space
    'pássword',
    'paßword',
    'Authorization',
    'apiKey',
    'refresh_token',
    'secretAccessKey',
    'AccountKey',
  ];
  const NOT_SENSITIVE = [
    'sessionId',
    'session_id',
    'Mcp-Session-Id',
    'authMethods',
    'author',
    'code',
    'key',
    'id',
    'tokenizer',
    'spinner',
    'url',
  ];

  it.each(SENSITIVE)('%s is sensitive, and its value is redacted', (key) => {
    expect(isSensitiveKey(key)).toBe(true);
    expect(toJsonSafe({ [key]: 'v4lue-secret', other: 'kept' })).toEqual({
      [key]: REDACTED,
      other: 'kept',
    });
  });

  it.each(NOT_SENSITIVE)('%s is not sensitive', (key) => {
    expect(isSensitiveKey(key)).toBe(false);
  });

  it('keeps numbers under count keys, as before', () => {
    expect(isSensitiveKey('max_tokens')).toBe(true);
    expect(toJsonSafe({ max_tokens: 1024 })).toEqual({ max_tokens: 1024 });
  });

  it('takes a per-call allow-list and extra keys; extra keys win', () => {
    expect(isSensitiveKey('traceToken', { allowKeys: ['trace_token'] })).toBe(false);
    expect(isSensitiveKey('sessionId', { redactKeys: ['sessionId'] })).toBe(true);
    expect(isSensitiveKey('sessionId', ['sessionId'])).toBe(true);
    expect(isSensitiveKey('secret', { redactKeys: ['secret'], allowKeys: ['secret'] })).toBe(true);
    expect(redactString('traceToken=abc123 token=def456', { allowKeys: ['traceToken'] })).toBe(
      `traceToken=abc123 token=${REDACTED}`,
    );
    expect(redactString('sessionId: s-1')).toBe('sessionId: s-1');
    expect(redactString('sessionId: s-1', { redactKeys: ['sessionId'] })).toBe(
      `sessionId: ${REDACTED}`,
    );
    expect(redactString('ref=ORD-1', { redactKeys: [/^ref$/] })).toBe(`ref=${REDACTED}`);
  });
});

describe('truncation never shows part of a secret', () => {
  it('redacts before cutting', () => {
    const out = sanitizeMessage(`${'x'.repeat(40)} AKIAIOSFODNN7EXAMPLE`, { maxLength: 50 });
    expect(out).not.toContain('AKIA');
    expect(out.length).toBeLessThanOrEqual(50);
  });

  it('drops a secret cut at the edge of the redacted window, even when masking shrinks the text', () => {
    // A long JWT and a long path shrink to their markers, pulling later text into view.
    const shrinking = `${JWT}${body(600, `${ALNUM}_-`)}.x.y /home/ana/${'d/'.repeat(300)}x.ts`;
    for (let pad = 0; pad < 700; pad += 7) {
      const text = `${shrinking} ${'w '.repeat(pad)}AKIAIOSFODNN7EXAMPLE and more`;
      for (const maxLength of [30, 80, 200]) {
        const out = sanitizeMessage(text, { maxLength });
        expect(out.length).toBeLessThanOrEqual(maxLength);
        expect(out).not.toMatch(/AKIA|IOSFODNN/);
      }
    }
  });

  it('cuts back to the start of a short token rather than through it', () => {
    expect(sanitizeMessage('see the opaque zq81Xk2ba9Lq0pPw7Ty for more', { maxLength: 25 })).toBe(
      'see the opaque …',
    );
    // Never through a marker either.
    const out = sanitizeMessage(`${'y'.repeat(30)}token:${body(30)}`, { maxLength: 40 });
    expect(out).toBe(`${'y'.repeat(30)}token:…`);
  });

  it('cuts a long run where it is (the redaction saw it whole)', () => {
    expect(sanitizeMessage('abcdef', { maxLength: 4 })).toBe('abc…');
    expect(sanitizeMessage('x'.repeat(10_000), { maxLength: 100 })).toBe(`${'x'.repeat(99)}…`);
  });

  it('marks a cut even when masking shrank the rest below the limit', () => {
    const text = `${'/home/ana/x '.repeat(300)}tail`;
    const out = sanitizeMessage(text, { maxLength: 2_000 });
    expect(out).toMatch(/\[PATH\] ?…$/);
    expect(out).not.toContain('tail');
  });

  it('drops a token too long to read whole, rather than show its start', () => {
    expect(sanitizeMessage('A'.repeat(200_000), { maxLength: 50 })).toBe('…');
    const out = sanitizeMessage(`note ${'A'.repeat(200_000)}`, { maxLength: 50 });
    expect(out).toBe('note …');
  });
});

describe('file paths', () => {
  it('masks local paths and leaves URLs and routes as they were', () => {
    const cases: [string, string][] = [
      ['open /home/ana/.ssh/id_rsa failed.', `open [PATH] failed.`],
      ['at run (/srv2/app/dist/index.js:12:5)', 'at run ([PATH])'],
      ['in ~/notes/todo.md', 'in [PATH]'],
      ['see C:\\Users\\ana\\secrets.txt now', 'see [PATH] now'],
      ['json "C:\\\\Users\\\\ana\\\\x.txt"', 'json "[PATH]"'],
      ['\\\\server\\share\\x.txt missing', '[PATH] missing'],
      ['load file:///etc/passwd failed', 'load [PATH] failed'],
      ['from ./node_modules/pkg/index.js', 'from [PATH]'],
      [
        'GET https://api.example.com/home/v1/users.json returned 404',
        'GET https://api.example.com/home/v1/users.json returned 404',
      ],
      [
        'POST /api/v1/messages failed; 10 req/s and/or more',
        'POST /api/v1/messages failed; 10 req/s and/or more',
      ],
      ['Method not found: tools/call', 'Method not found: tools/call'],
    ];
    for (const [text, expected] of cases) expect(sanitizeMessage(text)).toBe(expected);
  });
});

describe('ordinary text that must stay as it is', () => {
  const ORDINARY = [
    'task-12345678 is queued',
    'max_tokens: 100',
    'prompt_tokens=12, completion_tokens=30',
    'token_count=5',
    'https://example.com/docs?page=2',
    'Method not found: tools/call',
    'sessionId: s-1',
    'commit 3f786850e387550fdab836ed7e6dc881de23001b',
    'request 123e4567-e89b-12d3-a456-426614174000 failed',
    'Slow down',
    'exit code: 1',
    'key: user-42',
    'author: Ann',
    'tokenizer: cl100k_base',
    'mailto:ana@example.com',
    'Contact ana@example.com for access',
    'task-ant-colony-simulation-project',
    'risk-proj-management-dashboard-for-the-team',
    'disk_test_results1',
    'retry after 2024-01-01T00:00:00Z',
    'GET /v1/models 404',
    'Invalid params: missing field `name`',
    '{"model":"m","max_tokens":100}',
    'token: null',
    'git clone ssh://git@github.com/org/repo.git',
    'the bearer of bad news',
  ];

  it.each(ORDINARY)('%s', (text) => {
    expect(redactString(text)).toBe(text);
    expect(sanitizeMessage(text)).toBe(text);
  });
});

describe('properties on token soup', () => {
  // Random mixes of the fragments the rules react to, where cuts and rules meet in odd ways.
  const PIECES = [
    'password=',
    'token: ',
    'AKIA',
    'IOSFODNN7EXAMPLE',
    'x',
    ' ',
    ':',
    '@',
    '://',
    '/home/',
    'a/',
    'eyJ',
    'abcd',
    '.',
    '\\n',
    '"',
    "'",
    'Bearer ',
    REDACTED,
    '[PATH]',
    '…',
    '?code=',
    '&',
    'Cookie: ',
    'sk-',
    'ghp_',
    '0123456789abcdef',
    'C:\\',
    '%3D',
    '--password ',
    'max_tokens: 12',
    'null',
    '}',
    'pаss',
    'Authorization: ',
    'Digest ',
    ',',
    ';',
    '-----BEGIN PRIVATE KEY-----',
    '=',
    'é',
  ];
  const soup = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''));

  it('redactString changes nothing more the second time', () => {
    fc.assert(
      fc.property(soup, (text) => {
        const once = redactString(text);
        expect(redactString(once)).toBe(once);
      }),
      { numRuns: 3_000 },
    );
  });

  it('sanitizeMessage stays within the limit and changes nothing more the second time', () => {
    fc.assert(
      fc.property(soup, fc.integer({ min: 1, max: 300 }), (text, maxLength) => {
        const once = sanitizeMessage(text, { maxLength });
        expect(once.length).toBeLessThanOrEqual(maxLength);
        expect(sanitizeMessage(once, { maxLength })).toBe(once);
      }),
      { numRuns: 3_000 },
    );
  });
});
