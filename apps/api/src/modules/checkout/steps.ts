/*
 * A small runner for work made of named steps, each with its undo (the Medusa workflow shape, without
 * the engine): the steps run in order; when one fails, the steps already done are undone in reverse
 * and the failure is rethrown. A best-effort step's failure is logged and the work goes on.
 */

export type Step<S, N extends string = string> = {
  name: N;
  run: (state: S) => Promise<void>;
  /** Gives back what run did. None where the enclosing transaction's rollback already does. */
  undo?: (state: S) => Promise<void>;
  /** A failure here does not undo the rest (a message that the upkeep sends later). */
  bestEffort?: boolean;
};

export type StepHooks<N extends string = string> = {
  /** Called before each step runs; what it throws fails that step. Tests inject failures here. */
  beforeStep?: (name: N) => void | Promise<void>;
};

export type StepLog = { warn: (details: object, message: string) => void };

export async function runSteps<S, N extends string>(
  steps: readonly Step<S, N>[],
  state: S,
  log: StepLog,
  hooks: StepHooks<N> = {},
): Promise<void> {
  const done: Step<S, N>[] = [];
  for (const step of steps) {
    try {
      await hooks.beforeStep?.(step.name);
      await step.run(state);
    } catch (err) {
      if (step.bestEffort) {
        log.warn({ err, step: step.name }, 'best-effort step failed');
        continue;
      }
      await undoAll(done, state, log);
      throw err;
    }
    done.push(step);
  }
}

/** Undoes the steps done, last first; an undo that fails is logged and the others still run. */
async function undoAll<S, N extends string>(done: Step<S, N>[], state: S, log: StepLog): Promise<void> {
  for (const step of [...done].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(state);
    } catch (err) {
      log.warn({ err, step: step.name }, 'undo failed');
    }
  }
}
