-- tests/etc/bench-xff.lua — wrk script of tools/bench: every request names another
-- public IPv4 client in X-Forwarded-For, so neither server can answer from a cache of
-- its last lookup (nginx's geoip2 module keeps one). The list is the same on every run
-- and for every server: BENCH_XFF_COUNT (default 8192) deterministic pseudo-random
-- addresses, outside every special-purpose IPv4 block (RFC 6890 and multicast/class E),
-- requests pre-formatted once so the script adds no per-request formatting to wrk.
local count = tonumber(os.getenv("BENCH_XFF_COUNT") or "") or 8192

local function special(a, b, c)
  return a == 0 or a == 10 or a == 127 or a >= 224
      or (a == 100 and b >= 64 and b <= 127)          -- 100.64/10 shared address space
      or (a == 169 and b == 254)                      -- link-local
      or (a == 172 and b >= 16 and b <= 31)           -- 172.16/12
      or (a == 192 and b == 0 and (c == 0 or c == 2)) -- 192.0.0/24, 192.0.2/24
      or (a == 192 and b == 88 and c == 99)           -- 6to4 relay anycast
      or (a == 192 and b == 168)                      -- 192.168/16
      or (a == 198 and (b == 18 or b == 19))          -- 198.18/15 benchmarking
      or (a == 198 and b == 51 and c == 100)          -- documentation
      or (a == 203 and b == 0 and c == 113)           -- documentation
end

-- A 32-bit LCG (Numerical Recipes constants) in doubles: exact, and the same sequence
-- in every Lua state (wrk makes one per thread).
local state = 20261122
local function next32()
  state = (1664525 * state + 1013904223) % 4294967296
  return state
end

-- Built in init(), after wrk has added Host and the command line's -H headers.
local requests = {}
init = function(args)
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  while #requests < count do
    local x = next32()
    local a, b, c, d = math.floor(x / 16777216), math.floor(x / 65536) % 256, math.floor(x / 256) % 256, x % 256
    if not special(a, b, c) and d ~= 0 and d ~= 255 then
      headers["X-Forwarded-For"] = string.format("%d.%d.%d.%d", a, b, c, d)
      requests[#requests + 1] = wrk.format(nil, wrk.path, headers)
    end
  end
end

local i = 0
request = function()
  i = i + 1
  if i > count then i = 1 end
  return requests[i]
end
