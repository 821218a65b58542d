import { parseVariables } from './variables';

/**
 * Whether an example's inputs fit a prompt's typed variables (its INPUT markers): every input names
 * a variable of the prompt, every INPUT without a default has a value, and a value of a variable
 * with choices is one of them. The server refuses an example that does not fit; the editor counts
 * the examples a new version would break ("breaks 3 examples") with the same function.
 */
export function exampleProblems(body: string, inputs: Record<string, string>): string[] {
  const variables = parseVariables(body).filter((v) => v.type === 'INPUT');
  const known = new Set(variables.map((v) => v.key));
  const problems: string[] = [];
  for (const key of Object.keys(inputs)) if (!known.has(key)) problems.push(`"${key}" is not an input of this prompt.`);
  for (const v of variables) {
    const value = inputs[v.key];
    if ((value === undefined || value === '') && v.default === undefined) problems.push(`"${v.key}" is required.`);
    else if (value && v.choices && !v.choices.includes(value)) problems.push(`"${v.key}" must be one of ${v.choices.join(', ')}.`);
  }
  return problems;
}

/** How many of the examples the body no longer fits. */
export const examplesBroken = (body: string, examples: readonly { inputs: Record<string, string> }[]) =>
  examples.filter((example) => exampleProblems(body, example.inputs).length > 0).length;

/** "breaks 3 examples": the editor's warning before saving a version under which examples no longer fit. */
export const breaksExamplesText = (count: number) => `breaks ${count} ${count === 1 ? 'example' : 'examples'}`;
