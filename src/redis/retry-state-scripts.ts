import { LuaScript } from './lua-script.js';

/**
 * The Lua scripts behind `RedisRetryStateStore`: the same rules as the in-memory store
 * (`src/retry/memory-retry-state.ts`), made atomic, on Redis's clock (`TIME`) so that the
 * machines of a fleet need not agree on the time. One hash per target:
 *
 * | field | what                                                        |
 * | ----- | ----------------------------------------------------------- |
 * | `tk`  | the budget's tokens                                         |
 * | `br`  | the breaker: 0 closed, 1 open, 2 half-open                  |
 * | `f`   | consecutive unhealthy failures while closed                 |
 * | `ou`  | open until (ms)                                             |
 * | `s`   | successful probes while half-open                           |
 * | `wu`  | the server asked every caller to wait until then (ms)       |
 * | `pn`  | `1`: a wait ended with no success since, the next is a probe |
 * | `p`   | the probe under way (`''` when none); `pu`: its slot ends   |
 * | `seq` | the last probe id handed out                                |
 * | `r:…` | a reporting process's last unhealthy failure (ms)           |
 *
 * Shared arguments: ARGV[1] maxTokens (0: no budget), ARGV[2] tokenRatio, ARGV[3]
 * failureThreshold (0: no breaker), ARGV[4] halfOpenAfterMs, ARGV[5] successThreshold,
 * ARGV[6] probeLeaseMs, ARGV[7] how long an idle target's state is kept (ms).
 * @internal
 */

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * Returns `{ kind, waitMs, probe, pristine }`: kind 0 go, 1 wait, 2 probing, 3 open; pristine 1
 * when the target has no state at all (healthy: nobody failed, waits or probes).
 */
export const ADMIT_SCRIPT = new LuaScript(`${NOW}
local key = KEYS[1]
if redis.call('EXISTS', key) == 0 then return {0, 0, '', 1} end
local v = redis.call('HMGET', key, 'br', 'ou', 'wu', 'pn', 'p', 'pu')
local br = tonumber(v[1]) or 0
local ou = tonumber(v[2]) or 0
local wu = tonumber(v[3]) or 0
local p = v[5] or ''
local pu = tonumber(v[6]) or 0
local breaker = tonumber(ARGV[3]) > 0
if br == 1 and breaker then
  if now < ou then return {3, ou - now, ''} end
  br = 2
  redis.call('HSET', key, 'br', 2, 's', 0)
end
if wu > now then return {1, wu - now, ''} end
local halfOpen = br == 2 and breaker
if not halfOpen and v[4] ~= '1' then return {0, 0, ''} end
if p ~= '' and pu > now then
  if halfOpen then return {3, math.min(pu - now, tonumber(ARGV[4])), ''} end
  return {2, pu - now, ''}
end
local id = tostring(redis.call('HINCRBY', key, 'seq', 1))
redis.call('HSET', key, 'p', id, 'pu', now + tonumber(ARGV[6]))
local ttl = redis.call('PTTL', key)
if ttl < tonumber(ARGV[6]) then redis.call('PEXPIRE', key, ARGV[6]) end
return {0, 0, id}
`);

/**
 * ARGV[8] ok (1/0), ARGV[9] probe id ('' when none), ARGV[10] cost (1/0), ARGV[11] unhealthy
 * (1/0), ARGV[12] the server's wait in ms (-1 when none), ARGV[13] the reporting process's id,
 * ARGV[14] how many distinct processes must have reported an unhealthy failure within the last
 * ARGV[15] ms for the breaker to open (its quorum). Each reporter's last such failure is the
 * field `r:<id>`; stale ones are dropped when the quorum is counted. Returns 1 when retries are
 * throttled.
 */
export const RECORD_SCRIPT = new LuaScript(`${NOW}
local key = KEYS[1]
local maxTokens = tonumber(ARGV[1])
local ratio = tonumber(ARGV[2])
local threshold = tonumber(ARGV[3])
local ok = ARGV[8] == '1'
local probe = ARGV[9]
local cost = ARGV[10] == '1'
local unhealthy = ARGV[11] == '1'
local waitMs = tonumber(ARGV[12])
if redis.call('EXISTS', key) == 0 then
  if ok or (not cost and not unhealthy and waitMs < 0) then return 0 end
end
local v = redis.call('HMGET', key, 'tk', 'br', 'f', 'ou', 's', 'wu', 'pn', 'p', 'pu')
local tk = tonumber(v[1]) or maxTokens
local br = tonumber(v[2]) or 0
local f = tonumber(v[3]) or 0
local ou = tonumber(v[4]) or 0
local s = tonumber(v[5]) or 0
local wu = tonumber(v[6]) or 0
local pn = v[7] == '1'
local p = v[8] or ''
local pu = tonumber(v[9]) or 0
if probe ~= '' and probe == p then
  p = ''
  pu = 0
end
local budget = maxTokens > 0
if budget and tk > maxTokens then tk = maxTokens end
local throttled = 0
if ok then
  if budget then tk = math.min(maxTokens, tk + ratio) end
  f = 0
  pn = false
  if br == 2 and probe ~= '' then
    s = s + 1
    if s >= tonumber(ARGV[5]) then br = 0 end
  end
  if br == 0 and p == '' and wu <= now and (not budget or tk >= maxTokens) then
    redis.call('DEL', key)
    return 0
  end
else
  if budget and cost then tk = math.max(0, tk - 1) end
  if waitMs >= 0 then
    wu = math.max(wu, now + waitMs)
    pn = true
  end
  if unhealthy and threshold > 0 then
    redis.call('HSET', key, 'r:' .. ARGV[13], now)
    local opens = br == 2
    if br == 0 then
      f = f + 1
      opens = f >= threshold
    end
    if opens and tonumber(ARGV[14]) > 1 then
      local reporters = 0
      local fields = redis.call('HGETALL', key)
      for i = 1, #fields, 2 do
        if string.sub(fields[i], 1, 2) == 'r:' then
          if tonumber(fields[i + 1]) >= now - tonumber(ARGV[15]) then
            reporters = reporters + 1
          else
            redis.call('HDEL', key, fields[i])
          end
        end
      end
      opens = reporters >= tonumber(ARGV[14])
    end
    if opens then
      br = 1
      ou = now + tonumber(ARGV[4])
      f = 0
      s = 0
    end
  end
  if budget and tk <= maxTokens / 2 then throttled = 1 end
end
redis.call('HSET', key, 'tk', tostring(tk), 'br', br, 'f', f, 'ou', ou, 's', s, 'wu', wu,
  'pn', pn and 1 or 0, 'p', p, 'pu', pu)
redis.call('PEXPIRE', key, math.max(tonumber(ARGV[7]), wu - now, ou - now, pu - now))
return throttled
`);
