/**
 * The text and list schemas every shared contract is built on, in place of `z.string()` and
 * `z.array()`: a value of another type is refused with the type's message, and nothing else is read
 * from it.
 *
 * Zod runs its length rules (`.min`, `.max`, `.length`, an array's bounds) even after the type rule
 * has refused the value: they are skipped only when the value has no `length` property. An object
 * posing as a string, `{ length: {} }`, then gets a second refusal, and when its `length` cannot be
 * compared with a number (an object without a prototype, a symbol) the comparison throws out of
 * `safeParse` instead of returning a failure.
 */
import { z } from 'zod';

const isString = (payload: z.core.ParsePayload) => typeof payload.value === 'string';
const isArray = (payload: z.core.ParsePayload) => Array.isArray(payload.value);

/**
 * `z.string(params)` that stops at its type rule: a value that is not a string ends its parse there
 * (zod has already reported it), so the rules chained after it (`.max()`, `.trim()`, `.regex()`,
 * refinements) only ever see a string. Its first rule runs only on such a value and marks the parse
 * aborted, which zod honours by skipping every later rule, its length rules included.
 */
export function text(params?: string | z.core.$ZodStringParams) {
  return z.string(params).superRefine(
    (_value, payload) => {
      payload.aborted = true;
    },
    { when: (payload) => !isString(payload) },
  );
}

/** A bound on a list's length: the count, and the message given when it is crossed. */
export type ListBound = readonly [count: number, message: string];

/**
 * `z.array(element)` with its length bounds, which are given here rather than chained (`.min()` and
 * `.max()` would read `length` from a value that is not an array): these run on arrays only. They are
 * its first rules, so zod refuses an oversized array before it parses any of its elements (a rule
 * placed before them, like text()'s, would turn that off).
 */
export function list<T extends z.ZodType>(
  element: T,
  options: { error?: string; min?: ListBound; max?: ListBound } = {},
) {
  const { error, min, max } = options;
  const checks: z.core.$ZodCheck<unknown[]>[] = [];
  if (min) {
    const [minimum, message] = min;
    checks.push(
      new z.core.$ZodCheckMinLength({ check: 'min_length', minimum, when: isArray, error: () => message }),
    );
  }
  if (max) {
    const [maximum, message] = max;
    checks.push(
      new z.core.$ZodCheckMaxLength({ check: 'max_length', maximum, when: isArray, error: () => message }),
    );
  }
  return z.array(element, error === undefined ? undefined : { error }).check(...checks);
}
