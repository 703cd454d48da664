// One self-contained HTML page a person can browse and a CI can publish: the summary, a
// table by area, the failures grouped by first problem, and each result that did not
// pass with its request, expectation, what came back, the scenario's file and line, and
// the command that replays it. Filters by outcome and area run in an inline script; the
// page loads nothing from the network. Results reach reporters with credentials masked.
import { isBad, type Classified, type Outcome } from '../expectations.ts';
import { describeResult, groupByFirstProblem, replayOf } from './describe.ts';
import { fileReporter, type Reporter } from './reporter.ts';

export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const OUTCOMES: readonly Outcome[] = ['fail', 'error', 'xpass', 'pass', 'xfail', 'skip'];
const LABEL: Record<Outcome, string> = { pass: 'passed', fail: 'failed', error: 'error', skip: 'skipped', xfail: 'expected failure', xpass: 'unexpected pass' };
const areaOf = (id: string) => id.split('/')[0] as string;

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}table{border-collapse:collapse}td,th{padding:.2em .7em;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}.ok{color:#17702b}.bad{color:#b3261e}.skip{color:#8a6d00}
pre{background:#f6f6f6;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-word}details{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:.3em .6em}
summary{cursor:pointer}code{background:#f1f1f1;padding:0 .2em}.filters{margin:1em 0}.filters label{margin-right:1em}li.r{list-style:none;margin:.1em 0}`;

const SCRIPT = `(function(){var o=document.getElementById('f-outcome'),a=document.getElementById('f-area');
function apply(){var ov=o.value,av=a.value;document.querySelectorAll('[data-outcome]').forEach(function(e){
var show=(ov==='all'||(ov==='not-passed'?e.dataset.bad==='1':e.dataset.outcome===ov))&&(av==='all'||e.dataset.area===av);e.hidden=!show;});}
o.addEventListener('change',apply);a.addEventListener('change',apply);apply();})();`;

export function renderHtml(target: string, summary: { ok: boolean; total: number; counts: Record<Outcome, number> }, results: readonly Classified[], replay: (r: Classified) => string): string {
  const e = htmlEscape;
  const areas = new Map<string, Record<Outcome, number>>();
  for (const r of results) {
    const area = areaOf(r.id);
    const row = areas.get(area) ?? { pass: 0, fail: 0, error: 0, skip: 0, xfail: 0, xpass: 0 };
    row[r.outcome]++;
    areas.set(area, row);
  }
  const head = OUTCOMES.map((o) => `<th>${LABEL[o]}</th>`).join('');
  const areaRows = [...areas]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([area, row]) => `<tr><td>${e(area)}</td>${OUTCOMES.map((o) => `<td${row[o] > 0 && isBad(o) ? ' class="bad"' : ''}>${row[o]}</td>`).join('')}</tr>`)
    .join('\n');
  const groups = groupByFirstProblem(results, (r) => isBad(r.outcome))
    .map((g) => `<li><b class="bad">${g.ids.length} ×</b> ${e(g.problem)}<br><small>${g.ids.map((id) => `<a href="#${e(id)}">${e(id)}</a>`).join(', ')}</small></li>`)
    .join('\n');
  const items = results
    .map((r) => {
      const attrs = `data-outcome="${r.outcome}" data-area="${e(areaOf(r.id))}" data-bad="${isBad(r.outcome) ? 1 : 0}"`;
      const cls = isBad(r.outcome) ? 'bad' : r.outcome === 'skip' || r.outcome === 'xfail' ? 'skip' : 'ok';
      const title = `<span class="${cls}">${LABEL[r.outcome]}</span> <code>${e(r.id)}</code> — ${e(r.what)}`;
      if (r.outcome === 'pass') return `<li class="r" ${attrs} id="${e(r.id)}">${title}</li>`;
      const body = describeResult(r).join('\n');
      const again = r.outcome === 'skip' ? '' : `\n<p>replay: <code>${e(replay(r))}</code></p>`;
      return `<li class="r" ${attrs} id="${e(r.id)}"><details${isBad(r.outcome) ? ' open' : ''}><summary>${title}</summary><pre>${e(body)}</pre>${again}</details></li>`;
    })
    .join('\n');
  const counts = OUTCOMES.filter((o) => summary.counts[o] > 0)
    .map((o) => `${summary.counts[o]} ${LABEL[o]}`)
    .join(', ');
  const options = (values: readonly string[]) => values.map((v) => `<option value="${e(v)}">${e(v)}</option>`).join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Conformance ${summary.ok ? 'OK' : 'FAILED'}: ${e(target)}</title><style>${STYLE}</style></head>
<body>
<h1>Conformance against <code>${e(target)}</code>: <span class="${summary.ok ? 'ok' : 'bad'}">${summary.ok ? 'OK' : 'FAILED'}</span></h1>
<p>${summary.total} results: ${e(counts)}.</p>
<h2>By area</h2>
<table><thead><tr><th>area</th>${head}</tr></thead><tbody>
${areaRows}
</tbody></table>
${groups === '' ? '' : `<h2>Failures by first problem</h2>\n<ul>\n${groups}\n</ul>`}
<h2>Results</h2>
<div class="filters"><label>outcome <select id="f-outcome"><option value="not-passed">not passed</option><option value="all">all</option>${options(OUTCOMES.map((o) => o))}</select></label>
<label>area <select id="f-area"><option value="all">all</option>${options([...areas.keys()].sort())}</select></label></div>
<ul>
${items}
</ul>
<script>${SCRIPT}</script>
</body></html>
`;
}

export function htmlReporter(): Reporter {
  return fileReporter((info, summary, results) => renderHtml(info.target, summary, results, (r) => replayOf(info, r)));
}
