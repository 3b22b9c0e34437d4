import { LuaScript } from './lua-script.js';

/**
 * The Lua scripts that make the Redis store's steps atomic. Values are a state letter followed
 * by a JSON array: `p[requestId, fingerprint]` (pending), `d[requestId, fingerprint, outcome]`
 * (done), `r[…]` (released). The outcome is spliced in as text, never re-encoded by Lua's cjson
 * (which would round numbers to 14 digits). Request ids and keys arrive already escaped (see
 * `escapeText` in the store): no lone surrogate reaches Lua, whose cjson and Redis's UTF-8
 * would turn every one of them into the same bytes.
 * @internal
 */

/** KEYS[1] key; ARGV[1] pending value; ARGV[2] lease ms. Returns nil when claimed, else the record. */
export const CLAIM_SCRIPT = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if cur and string.sub(cur, 1, 1) ~= 'r' then return cur end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`);

/**
 * KEYS[1] key; ARGV[1] requestId; ARGV[2] new state letter; ARGV[3] outcome JSON; ARGV[4] ttl ms.
 * Returns 1 when the request still held the key and its outcome was recorded, else 0.
 */
export const SETTLE_SCRIPT = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if not cur or string.sub(cur, 1, 1) ~= 'p' then return 0 end
local head = string.sub(cur, 2)
if cjson.decode(head)[1] ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2] .. string.sub(head, 1, -2) .. ',' .. ARGV[3] .. ']', 'PX', ARGV[4])
return 1
`);

/**
 * KEYS[1] key; ARGV[1] requestId; ARGV[2] lease ms. Extends the lease of the pending claim
 * `requestId` holds. Returns 1 when it still held the key, else 0.
 */
export const RENEW_SCRIPT = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if not cur or string.sub(cur, 1, 1) ~= 'p' then return 0 end
if cjson.decode(string.sub(cur, 2))[1] ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);

/**
 * KEYS[1] key; ARGV[1] requestId. Deletes the pending claim `requestId` holds (its claimant gave
 * up). Returns 1 when it still held the key, else 0.
 */
export const RELEASE_SCRIPT = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if not cur or string.sub(cur, 1, 1) ~= 'p' then return 0 end
if cjson.decode(string.sub(cur, 2))[1] ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`);
