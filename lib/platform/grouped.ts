interface Pending<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export interface GroupOptions {
  /** The most inputs one call of `run` takes. */
  maxSize: number;
  /** Calls of `run` in flight at once; further inputs wait for one of them to end. */
  concurrency: number;
}

/**
 * Group commit for any round trip: `run` takes many inputs and answers one output each, in order.
 * An idle caller is served alone and at once; under load, inputs that arrive while `concurrency`
 * calls are in flight wait and then go together, so each round trip serves everyone who came
 * during the last one (in this sandbox a round trip's syscalls cost more than the statement).
 * When a group fails, each of its inputs is run alone, so one bad input fails only its own caller.
 */
export function grouped<In, Out>(run: (inputs: In[]) => Promise<Out[]>, options: GroupOptions): (input: In) => Promise<Out> {
  let waiting: Pending<In, Out>[] = [];
  let running = 0;

  async function runGroup(group: Pending<In, Out>[]): Promise<void> {
    try {
      const outputs = await run(group.map((pending) => pending.input));
      group.forEach((pending, index) => pending.resolve(outputs[index]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const pending of group) await runGroup([pending]);
    }
  }

  async function drain(): Promise<void> {
    running++;
    try {
      while (waiting.length > 0) {
        const group = waiting.slice(0, options.maxSize);
        waiting = waiting.slice(options.maxSize);
        await runGroup(group);
      }
    } finally {
      running--;
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (running < options.concurrency) void drain();
    });
}
