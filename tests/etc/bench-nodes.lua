-- tests/etc/bench-nodes.lua — wrk script of tools/bench-nodes: counts the answers by
-- status (2xx, 429, 5xx, other), so the tool can tell refusals by the limit from
-- failures, and names the client in X-Forwarded-For: one fixed address when
-- BENCH_CALLER is set (the limited caller), else a rotating list like
-- tests/etc/bench-xff.lua (8192 deterministic public addresses) so the shared
-- counters see many callers. The balancer appends its peer (127.0.0.1, trusted)
-- and ipfactsd takes the address before it.
local caller = os.getenv("BENCH_CALLER")
local count = 8192

local state = 20261127
local function next32()
  state = (1664525 * state + 1013904223) % 4294967296
  return state
end

local requests = {}
init = function(args)
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  if caller then
    headers["X-Forwarded-For"] = caller
    requests[1] = wrk.format(nil, wrk.path, headers)
    return
  end
  while #requests < count do
    local x = next32()
    -- 11.0.0.0 to 126.255.255.255: public unicast, clear of the special-purpose blocks.
    local a = 11 + math.floor(x / 16777216) % 116
    if a == 100 then a = 101 end  -- 100.64/10 is shared address space
    local b, c, d = math.floor(x / 65536) % 256, math.floor(x / 256) % 256, 1 + x % 254
    headers["X-Forwarded-For"] = string.format("%d.%d.%d.%d", a, b, c, d)
    requests[#requests + 1] = wrk.format(nil, wrk.path, headers)
  end
end

local i = 0
request = function()
  i = i + 1
  if i > #requests then i = 1 end
  return requests[i]
end

ok, limited, failed, other = 0, 0, 0, 0
response = function(status, headers, body)
  if status >= 200 and status < 300 then ok = ok + 1
  elseif status == 429 then limited = limited + 1
  elseif status >= 500 then failed = failed + 1
  else other = other + 1 end
end

local threads = {}
setup = function(thread) threads[#threads + 1] = thread end

done = function(summary, latency, requests)
  local t = { ok = 0, limited = 0, failed = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for k in pairs(t) do t[k] = t[k] + thread:get(k) end
  end
  local e = summary.errors
  io.write(string.format("STATUS requests=%d ok=%d limited=%d failed_5xx=%d other=%d socket_errors=%d\n",
    summary.requests, t.ok, t.limited, t.failed, t.other, e.connect + e.read + e.write + e.timeout))
end
