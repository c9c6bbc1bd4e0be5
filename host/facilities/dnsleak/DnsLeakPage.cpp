#include "host/facilities/dnsleak/DnsLeakPage.h"

#include "host/html/HtmlText.h"

namespace ipfacts::facilities::dnsleak {
namespace {

constexpr const char* kStyle =
    R"(body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem}button{font:inherit;padding:.4rem 1rem}#verdict{font-weight:600;margin:1rem 0}
pre{background:#f4f4f4;padding:.5rem;white-space:pre-wrap;word-break:break-all}li{margin:.2rem 0})";

// Text goes in with textContent only: nothing the API answers becomes markup.
constexpr const char* kScript = R"((function () {
  var verdict = document.getElementById('verdict');
  var list = document.getElementById('resolvers');
  var names = document.getElementById('names');
  function show(text, status) {
    verdict.textContent = text;
    if (status) verdict.setAttribute('data-status', status);
  }
  function describe(x) {
    var parts = [x.address];
    if (x.asn) parts.push('AS' + x.asn);
    if (x.as_name) parts.push(x.as_name);
    if (x.country) parts.push('(' + x.country + ')');
    return parts.join(' ') + ': ' + x.questions + (x.questions === 1 ? ' question' : ' questions');
  }
  function render(r) {
    show(r.verdict.summary, r.verdict.status);
    while (list.firstChild) list.removeChild(list.firstChild);
    r.resolvers.forEach(function (x) {
      var li = document.createElement('li');
      li.textContent = describe(x);
      list.appendChild(li);
    });
  }
  function poll(url, left) {
    fetch(url, {cache: 'no-store'}).then(function (resp) { return resp.json(); }).then(function (r) {
      if (r.error) { show(r.message, r.error); return; }
      render(r);
      if (left > 0) setTimeout(function () { poll(url, left - 1); }, 4000);
    }).catch(function () { show('The result could not be read.', 'error'); });
  }
  document.getElementById('run').addEventListener('click', function () {
    show('Starting...', 'starting');
    fetch('/api/v1/dnsleak', {cache: 'no-store'}).then(function (resp) { return resp.json(); }).then(function (s) {
      if (s.error) { show(s.message, s.error); return; }
      names.textContent = s.names.join('\n');
      document.body.setAttribute('data-session', s.session);
      s.names.forEach(function (n) { new Image().src = location.protocol + '//' + n + '/dnsleak.gif'; });
      show('Waiting for your resolvers...', 'waiting');
      poll(s.result, 10);
    }).catch(function () { show('The test could not start.', 'error'); });
  });
})();)";

std::string page() {
    return std::string(R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>DNS leak test</title><style>)") +
           kStyle + R"(</style></head>
<body><h1>DNS leak test</h1>
<p>Which resolvers look up names for you? This page has your browser look up a few names only this
service answers, then shows every resolver that asked for them, with its network and country.
The same test works from a shell: see the API at <code>/api/v1/dnsleak</code>.</p>
<p><button id="run" type="button">Run the test</button></p>
<p id="verdict" data-status="idle">Not run yet.</p>
<ul id="resolvers"></ul>
<p>Names looked up:</p><pre id="names"></pre>
<script>)" +
           kScript +
           R"(</script></body></html>
)";
}

}  // namespace

const std::string& dnsleakPage() {
    static const std::string text = page();
    return text;
}

std::string dnsleakPagePolicy(const std::string& zone) {
    return "default-src 'none'; script-src " + html::hashSource(kScript) + "; style-src " + html::hashSource(kStyle) +
           "; connect-src 'self'; img-src 'self' data: http://*." + zone + " https://*." + zone +
           "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
}

}  // namespace ipfacts::facilities::dnsleak
