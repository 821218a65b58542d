import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Time per byte of test file by layer (ms), from a full run on a 2-core machine: how long a file
 * is likely to take when vitest has no timing of its own yet (a clean checkout).
 */
const MS_PER_BYTE: Record<string, number> = { unit: 0.2, api: 2, infra: 3, e2e: 6, 'e2e-library': 6 };

/**
 * Longest files first, whatever their layer, so that the last file to finish started early and
 * the run's tail is short: a file's duration in the last run (vitest's cache), or else an
 * estimate from its size.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const estimate = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const last = cache.getFileTestResults(key);
      if (last) return last.duration;
      return (cache.getFileStats(key)?.size ?? 0) * (MS_PER_BYTE[spec.project.name] ?? 1);
    };
    const ms = new Map(files.map((spec) => [spec, estimate(spec)]));
    return [...files].sort((a, b) => ms.get(b)! - ms.get(a)!);
  }
}
