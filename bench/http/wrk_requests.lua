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

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"responses":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"socketErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write, errors.timeout))
end
