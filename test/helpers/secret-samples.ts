// Secret samples shared by the redaction tests and the generated safety proof: one sample for
// every token format in the table (a format added without one fails `has a sample`), and the
// fake-body generator they are built with.

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const HEX = '0123456789abcdef';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fake secret body: `length` characters of `alphabet`, varied but reproducible. */
export function body(length: number, alphabet = ALNUM, seed = 7): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[(i * seed + 3 * i * i + seed) % alphabet.length];
  return out;
}

// One sample for every token format in the table, so that a format added without one fails here.
/** The body of a PEM private key sample. */
export const PEM_BODY = body(64, `${ALNUM}+/`);

export const FORMAT_SAMPLES: Record<string, string> = {
  anthropic: `sk-ant-admin01-${body(93, `${ALNUM}_-`)}AA`,
  'openai-project': `sk-proj-${body(74, `${ALNUM}_-`)}T3BlbkFJ${body(74)}`,
  'sk-key': `sk-${body(32)}`,
  groq: `gsk_${body(52)}`,
  perplexity: `pplx-${body(48)}`,
  xai: `xai-${body(80)}`,
  replicate: `r8_${body(37)}`,
  huggingface: `hf_${body(34, LETTERS)}`,
  'huggingface-org': `api_org_${body(34, LETTERS)}`,
  github: `gho_${body(36)}`,
  'github-fine-grained': `github_pat_${body(82, `${ALNUM}_`)}`,
  gitlab: `glrt-${body(20, `${ALNUM}_-`)}`,
  'gitlab-runner-registration': `GR1348941${body(20, `${ALNUM}_-`)}`,
  npm: `npm_${body(36)}`,
  pypi: `pypi-AgEIcHlwaS5vcmc${body(70, `${ALNUM}_-`)}`,
  rubygems: `rubygems_${body(48, HEX)}`,
  'aws-access-key-id': `ABIA${body(16, UPPER_ALNUM)}`,
  'aws-session-token': `IQoJb3JpZ2luX2Vj${body(200, `${ALNUM}/+`)}`,
  'google-api-key': `AIza${body(35, `${ALNUM}_-`)}`,
  'google-oauth-access-token': `ya29.${body(100, `${ALNUM}_-`)}`,
  'google-oauth-refresh-token': `1//0${body(60, `${ALNUM}_-`)}`,
  'google-client-secret': `GOCSPX-${body(28, `${ALNUM}_-`)}`,
  'azure-ad-client-secret': `abc1Q~${body(34, `${ALNUM}_~.`)}`,
  digitalocean: `dop_v1_${body(64, HEX)}`,
  alibaba: `LTAI${body(20)}`,
  heroku: `HRKU-AA${body(58, `${ALNUM}_-`)}`,
  'hashicorp-vault': `hvs.${body(95, `${ALNUM}_-`)}`,
  doppler: `dp.pt.${body(43)}`,
  planetscale: `pscale_tkn_${body(43, `${ALNUM}_`)}`,
  pulumi: `pul-${body(40, HEX)}`,
  databricks: `dapi${body(32, HEX)}`,
  fly: `fo1_${body(43, `${ALNUM}_-`)}`,
  age: `AGE-SECRET-KEY-1${body(58, UPPER_ALNUM)}`,
  '1password-service-account': `ops_eyJ${body(250, `${ALNUM}+/`)}`,
  slack: `xoxp-1234567890-1234567890-1234567890-${body(32, HEX)}`,
  'slack-app': `xapp-1-A0${body(9, UPPER_ALNUM)}-1234567890123-${body(64, HEX)}`,
  'slack-webhook': `hooks.slack.com/workflows/T0${body(8, UPPER_ALNUM)}/A0${body(8, UPPER_ALNUM)}/${body(24)}`,
  'discord-webhook': `https://discord.com/api/webhooks/123456789012345678/${body(68, `${ALNUM}_-`)}`,
  'telegram-bot': `123456789:AA${body(33, `${ALNUM}_-`)}`,
  // The id part is the base64 of a 19-digit snowflake id.
  'discord-bot': `MTA5ODc2NTQzMjEwOTg3NjU0.${body(6, `${ALNUM}_-`)}.${body(38, `${ALNUM}_-`, 11)}`,
  stripe: `sk_test_${body(99)}`,
  'stripe-short': `rk_test_${body(10)}`,
  'webhook-signing-secret': `whsec_${body(32)}`,
  square: `sq0atp-${body(22, `${ALNUM}_-`)}`,
  facebook: `EAAC${body(120)}`,
  shopify: `shpss_${body(32, HEX)}`,
  sendgrid: `SG.${body(22, `${ALNUM}_-`)}.${body(43, `${ALNUM}_-`)}`,
  sendinblue: `xkeysib-${body(64, HEX)}-${body(16)}`,
  mailgun: `key-${body(32, HEX)}`,
  twilio: `SK${body(32, HEX)}`,
  linear: `lin_api_${body(40)}`,
  notion: `ntn_${body(11, '0123456789')}${body(35)}`,
  atlassian: `ATATT3${body(180, `${ALNUM}_=-`)}`,
  postman: `PMAK-${body(24, HEX)}-${body(34, HEX)}`,
  'sentry-token': `sntryu_${body(64, HEX)}`,
  grafana: `glsa_${body(32)}_${body(8, HEX)}`,
  'private-key': `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----`,
};
