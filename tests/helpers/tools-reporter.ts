/**
 * At the end of a run, one line per missing tool whose tests were skipped: how many, and what
 * to install (tests/helpers/tools.ts). Nothing when every tool is there.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { skippedLine, TOOLS } from './tools.ts';

export default class ToolsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const missing = TOOLS.filter((tool) => !tool.present(process.env));
    const lines: string[] = [];
    for (const tool of missing) {
      let skipped = 0;
      for (const module of modules) {
        for (const test of module.children.allTests()) {
          if (test.tags.includes(tool.tag) && test.result().state === 'skipped') skipped += 1;
        }
      }
      if (skipped > 0) lines.push(skippedLine(tool, skipped));
    }
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
