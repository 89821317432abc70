/**
 * A render as a list of named steps run in order over one context. Once a step has run, its name is
 * added to the context's `steps`, which the render's metadata lists: a step that found nothing to do
 * returns false and is left out.
 */
export type Step<C> = {
  /**
   * What the metadata says the step did, read once it has run (e.g. `graded chaude`). None for a step
   * whose effect another step's name already says.
   */
  name: (context: C) => string | readonly string[];
  run: (context: C) => Promise<boolean | void> | boolean | void;
};

export async function runSteps<C extends { steps: string[] }>(
  steps: readonly Step<C>[],
  context: C,
): Promise<void> {
  for (const step of steps) {
    if ((await step.run(context)) === false) continue;
    const name = step.name(context);
    if (typeof name === 'string') context.steps.push(name);
    else context.steps.push(...name);
  }
}
