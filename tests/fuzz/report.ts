import { describeRequest, type FuzzRequest } from './requests';

interface Group {
  operation: string;
  cause: string;
  count: number;
  /** The shortest reproduction seen: the easiest one to read and replay. */
  example: string;
}

/** Every failure of a run, grouped by operation and cause, instead of stopping at the first. */
export class FailureReport {
  private readonly groups = new Map<string, Group>();
  cases = 0;

  add(operation: string, cause: string, request?: FuzzRequest) {
    const key = `${operation}\n${cause}`;
    const example = request ? `${request.label}: ${describeRequest(request)}` : '';
    const group = this.groups.get(key);
    if (!group) this.groups.set(key, { operation, cause, count: 1, example });
    else {
      group.count++;
      if (example.length < group.example.length) group.example = example;
    }
  }

  get failures() {
    return [...this.groups.values()].reduce((sum, group) => sum + group.count, 0);
  }

  get size() {
    return this.groups.size;
  }

  toString(): string {
    const lines = [...this.groups.values()]
      .sort((a, b) => a.operation.localeCompare(b.operation) || b.count - a.count)
      .map((group) => `- ${group.operation} — ${group.cause} (${group.count}×)\n    ${group.example}`);
    return `${this.failures} failing responses in ${this.size} groups, of ${this.cases} cases:\n${lines.join('\n')}`;
  }
}
