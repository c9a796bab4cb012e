-- Requests for one wrk run of `npm run bench` (bench/http/load_generator.ts). Arguments after
-- `--`: a file of ids (one per line), the method and the path. `{id}` in the path becomes a random id on every
-- request; a POST sends a new product each time. done() prints the result as one JSON line.
local ids = {}
local method = "GET"
local template = wrk.path
local headers = {}

function init(args)
  for line in io.lines(args[1]) do ids[#ids + 1] = line end
  method = args[2] or "GET"
  template = args[3] or wrk.path
  if method == "POST" then headers["content-type"] = "application/json" end
  math.randomseed(os.time())
end

function request()
  local path = template
  if #ids > 0 then path = string.gsub(template, "{id}", ids[math.random(#ids)]) end
  if method == "POST" then
    local body = string.format('{"name":"Bench %d","price":9.99}', math.random(1, 1000000000))
    return wrk.format("POST", path, headers, body)
  end
  return wrk.format("GET", path, headers)
end

-- The latency at every percent, then every tenth of a percent from 98 (microseconds): enough for
-- the slices of a round to be pooled into one distribution (bench/http/latency.ts). wrk's Lua API
-- gives percentiles, not its histogram.
local GRID = {}
for p = 1, 98 do GRID[#GRID + 1] = p end
for p = 981, 1000 do GRID[#GRID + 1] = p / 10 end

function done(summary, latency, requests)
  local points = {}
  for _, p in ipairs(GRID) do points[#points + 1] = string.format("[%g,%d]", p, latency:percentile(p)) end
  local errors = summary.errors
  io.write(string.format(
    '{"responses":%d,"durationUs":%d,"non2xx":%d,"socketErrors":%d,"timeouts":%d,"latencyUs":[%s]}\n',
    summary.requests, summary.duration, errors.status, errors.connect + errors.read + errors.write,
    errors.timeout, table.concat(points, ",")))
end
