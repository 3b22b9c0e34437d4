import { LuaScript } from './lua-script.js';

/**
 * The Lua scripts that make the Redis store's steps atomic. Values are a state letter followed
 * by a JSON array: `p[requestId, fingerprint, token]` (pending), `d[requestId, fingerprint,
 * token, outcome]` (done), `r[…]` (released). The outcome is spliced in as text, never
 * re-encoded by Lua's cjson (which would round numbers to 14 digits). Request ids and keys arrive
 * already escaped (see `escapeText` in the store): no lone surrogate reaches Lua, whose cjson and
 * Redis's UTF-8 would turn every one of them into the same bytes.
 *
 * The fencing token is Redis's clock in microseconds, or one more than the key's last token when
 * that is not smaller: it grows with every claim of a key, also across the key's expiry (when
 * the last token is gone with it, the clock has moved on). A JSON number below 2^53, exact in
 * cjson and in JavaScript.
 * @internal
 */

/**
 * The claim `ARGV[1]` (token `ARGV[2]`, '' for any) of `requestId` still holds the key: its
 * record is pending, for that request and, when a token is given, with that token.
 */
const HELD = `
local cur = redis.call('GET', KEYS[1])
if not cur or string.sub(cur, 1, 1) ~= 'p' then return 0 end
local rec = cjson.decode(string.sub(cur, 2))
if rec[1] ~= ARGV[1] then return 0 end
if ARGV[2] ~= '' and rec[3] ~= tonumber(ARGV[2]) then return 0 end
`;

/**
 * KEYS[1] key; ARGV[1] `[requestId, fingerprint]` as JSON; ARGV[2] lease ms. Returns the new
 * claim's fencing token (an integer) when claimed, else the record.
 */
export const CLAIM_SCRIPT = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if cur and string.sub(cur, 1, 1) ~= 'r' then return cur end
local t = redis.call('TIME')
local token = tonumber(t[1]) * 1000000 + tonumber(t[2])
if cur then
  local last = cjson.decode(string.sub(cur, 2))[3]
  if type(last) == 'number' and last >= token then token = last + 1 end
end
local text = string.format('%.0f', token)
redis.call('SET', KEYS[1], 'p' .. string.sub(ARGV[1], 1, -2) .. ',' .. text .. ']', 'PX', ARGV[2])
return token
`);

/**
 * KEYS[1] key; ARGV[1] requestId; ARGV[2] token; ARGV[3] new state letter; ARGV[4] outcome
 * JSON; ARGV[5] ttl ms. Returns 1 when the claim still held the key and its outcome was
 * recorded, else 0.
 */
export const SETTLE_SCRIPT = new LuaScript(`${HELD}
local head = string.sub(cur, 2, -2)
redis.call('SET', KEYS[1], ARGV[3] .. head .. ',' .. ARGV[4] .. ']', 'PX', ARGV[5])
return 1
`);

/**
 * KEYS[1] key; ARGV[1] requestId; ARGV[2] token; ARGV[3] lease ms. Extends the lease of the
 * pending claim. Returns 1 when it still held the key, else 0.
 */
export const RENEW_SCRIPT = new LuaScript(`${HELD}
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`);

/**
 * KEYS[1] key; ARGV[1] requestId; ARGV[2] token. Deletes the pending claim (its claimant gave
 * up). Returns 1 when it still held the key, else 0.
 */
export const RELEASE_SCRIPT = new LuaScript(`${HELD}
redis.call('DEL', KEYS[1])
return 1
`);
