import { it } from 'vitest';
import { redactString } from '../src/core/redact.js';
it('x', () => {
  for (const t of [
    'GET /bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0/getMe failed',
    'https://x/api?a=1\\u0026token=abcdefghij\\u0026b=2',
    'exec failed: mysql -u root -psupersecret db', 'sshpass -p hunter22 ssh host', 'ssh -p 22 host', 'mkdir -p /tmp/x',
    'curl -u admin:s3cretpw https://x', 'redis-cli -a myredispw ping', 'gcc -pthread x.c', 'cmd --password=abcdef',
    '{"password" => "hunter2", :token => \'abcdef\'}', '<password>hunter2</password><ApiKey>abc123xyz</ApiKey><ns:Secret a="1">zz9</ns:Secret>',
    'Ocp-Apim-Subscription-Key: abcdef123\nX-Functions-Key: qqqq1111\nX-Auth-Key: abc123\nX-Auth-Email: a@b.c\napikey: zzz111\nx-goog-api-key: AAA',
    "rawHeaders: ['Host', 'x', 'Authorization', 'Token abc123', 'x-api-key', 'k123']", '{"name":"X-Api-Key","value":"abc123"}', '{"field":"password","message":"required"}',
    'password: 84736251 pin: 1234 max_tokens: 100', 'pаsswоrd=abcdef', 'ᴘassword=abcdef', 'Ρаѕѕԝогd=abcdef',
  ]) console.log(redactString(t));
});
