// JUnit XML, one <testcase> per scenario, grouped by area (the id's first segment).
import type { Classified, Summary } from '../expectations.ts';
import { describeResult, replayOf } from './describe.ts';
import { fileReporter, type Reporter } from './reporter.ts';

export function xmlEscape(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function junitReporter(): Reporter {
  return fileReporter((info, summary, results) => {
    const areas = new Map<string, Classified[]>();
    for (const r of results) {
      const area = r.id.split('/')[0] as string;
      areas.set(area, [...(areas.get(area) ?? []), r]);
    }
    const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
    const seconds = (ms: number) => (ms / 1000).toFixed(3);
    const total = results.reduce((t, r) => t + r.durationMs, 0);
    const failures = summary.counts.fail + summary.counts.xpass;
    out.push(
      `<testsuites name="conformance" tests="${summary.total}" failures="${failures}" errors="${summary.counts.error}" skipped="${summary.counts.skip + summary.counts.xfail}" time="${seconds(total)}">`,
    );
    for (const [area, rs] of areas) {
      const f = rs.filter((r) => r.outcome === 'fail' || r.outcome === 'xpass').length;
      const e = rs.filter((r) => r.outcome === 'error').length;
      const s = rs.filter((r) => r.outcome === 'skip' || r.outcome === 'xfail').length;
      const t = rs.reduce((x, r) => x + r.durationMs, 0);
      out.push(`  <testsuite name="${xmlEscape(area)}" tests="${rs.length}" failures="${f}" errors="${e}" skipped="${s}" time="${seconds(t)}">`);
      const stats = area === 'properties' && summary.properties !== undefined ? Object.entries(summary.properties).map(([k, v]) => `<property name="${xmlEscape(k)}" value="${xmlEscape(String(v))}"/>`).join('') : '';
      out.push(`    <properties><property name="target" value="${xmlEscape(info.target)}"/>${stats}</properties>`);
      for (const r of rs) {
        const open = `    <testcase classname="${xmlEscape(area)}" name="${xmlEscape(r.id)}" file="${xmlEscape(r.file)}" time="${seconds(r.durationMs)}"`;
        const body = xmlEscape([...describeResult(r), `replay: ${replayOf(info, r)}`].join('\n'));
        const first = xmlEscape(r.failure?.problems[0] ?? r.reason ?? r.expectedFailure ?? r.outcome);
        switch (r.outcome) {
          case 'pass':
            out.push(`${open}/>`);
            break;
          case 'skip':
          case 'xfail':
            out.push(`${open}><skipped message="${first}"/></testcase>`);
            break;
          case 'error':
            out.push(`${open}><error message="${first}">${body}</error></testcase>`);
            break;
          default:
            out.push(`${open}><failure message="${first}">${body}</failure></testcase>`);
        }
      }
      out.push('  </testsuite>');
    }
    out.push('</testsuites>');
    return `${out.join('\n')}\n`;
  });
}
